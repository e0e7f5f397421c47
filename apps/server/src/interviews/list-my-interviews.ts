import type { interviewsRoutes as r } from '@hh/contract/interviews';
import { and, desc, eq, sql } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { applications, candidates } from '../db/schema/candidates.ts';
import { feedbackRequests, interviews, scorecards } from '../db/schema/interviews.ts';
import { jobs } from '../db/schema/jobs.ts';
import { INTERVIEWERS } from './rights.ts';

/**
 * `GET /api/my-interviews`: every application the signed-in user was asked to give feedback on, per
 * interview, with whether their scorecard is in; those still to submit first, newest request first.
 */
export const listMyInterviews: Operation<typeof r.myInterviews, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, INTERVIEWERS, 'interviews');
  const rows = await deps.db
    .select({
      applicationId: feedbackRequests.applicationId,
      jobId: jobs.id,
      jobTitle: jobs.title,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
      email: candidates.email,
      interviewId: interviews.id,
      interviewName: interviews.name,
      durationMinutes: interviews.durationMinutes,
      requestedAt: feedbackRequests.requestedAt,
      submittedAt: scorecards.submittedAt,
    })
    .from(feedbackRequests)
    .innerJoin(interviews, and(eq(interviews.clientId, feedbackRequests.clientId), eq(interviews.id, feedbackRequests.interviewId)))
    .innerJoin(applications, and(eq(applications.clientId, feedbackRequests.clientId), eq(applications.id, feedbackRequests.applicationId)))
    .innerJoin(jobs, and(eq(jobs.clientId, applications.clientId), eq(jobs.id, applications.jobId)))
    .innerJoin(candidates, and(eq(candidates.clientId, applications.clientId), eq(candidates.id, applications.candidateId)))
    .leftJoin(
      scorecards,
      and(
        eq(scorecards.clientId, feedbackRequests.clientId),
        eq(scorecards.applicationId, feedbackRequests.applicationId),
        eq(scorecards.interviewId, feedbackRequests.interviewId),
        eq(scorecards.interviewerId, feedbackRequests.userId),
      ),
    )
    .where(and(eq(feedbackRequests.clientId, client.id), eq(feedbackRequests.userId, input.actor.id)))
    .orderBy(sql`${scorecards.id} IS NOT NULL`, desc(feedbackRequests.requestedAt))
    .limit(500);
  return {
    results: rows.map((x) => ({
      applicationId: x.applicationId,
      jobId: x.jobId,
      jobTitle: x.jobTitle,
      candidateName: `${x.firstName} ${x.lastName}`.trim() || x.email,
      interviewId: x.interviewId,
      interviewName: x.interviewName,
      durationMinutes: x.durationMinutes,
      requestedAt: x.requestedAt.toISOString(),
      state: x.submittedAt ? ('submitted' as const) : ('to_submit' as const),
      submittedAt: x.submittedAt ? x.submittedAt.toISOString() : null,
    })),
  };
};
