import type { schedulingRoutes as r } from '@hh/contract/scheduling';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { applications, candidates } from '../db/schema/candidates.ts';
import { interviews } from '../db/schema/interviews.ts';
import { jobs } from '../db/schema/jobs.ts';
import { scheduledInterviewHolds, scheduledInterviews } from '../db/schema/scheduling.ts';
import { INTERVIEWERS } from './rights.ts';

/** GET /api/my-scheduled-interviews: the signed-in user's booked interviews still to come in the client, earliest first. */
export const listMyScheduledInterviews: Operation<typeof r.mine, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, INTERVIEWERS, 'scheduling');
  const rows = await deps.db
    .select({
      id: scheduledInterviews.id,
      interviewName: interviews.name,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
      email: candidates.email,
      jobTitle: jobs.title,
      applicationId: scheduledInterviews.applicationId,
      startsAt: scheduledInterviews.startsAt,
      endsAt: scheduledInterviews.endsAt,
    })
    .from(scheduledInterviewHolds)
    .innerJoin(
      scheduledInterviews,
      and(eq(scheduledInterviews.clientId, scheduledInterviewHolds.clientId), eq(scheduledInterviews.id, scheduledInterviewHolds.scheduledInterviewId)),
    )
    .innerJoin(interviews, and(eq(interviews.clientId, scheduledInterviews.clientId), eq(interviews.id, scheduledInterviews.interviewId)))
    .innerJoin(applications, and(eq(applications.clientId, scheduledInterviews.clientId), eq(applications.id, scheduledInterviews.applicationId)))
    .innerJoin(candidates, and(eq(candidates.clientId, applications.clientId), eq(candidates.id, applications.candidateId)))
    .innerJoin(jobs, and(eq(jobs.clientId, applications.clientId), eq(jobs.id, applications.jobId)))
    .where(
      and(
        eq(scheduledInterviewHolds.clientId, client.id),
        eq(scheduledInterviewHolds.userId, input.actor.id),
        isNull(scheduledInterviews.cancelledAt),
        gt(scheduledInterviews.endsAt, new Date()),
      ),
    )
    .orderBy(asc(scheduledInterviews.startsAt))
    .limit(200);
  return {
    results: rows.map((x) => ({
      id: x.id,
      interviewName: x.interviewName,
      candidateName: `${x.firstName ?? ''} ${x.lastName ?? ''}`.trim() || x.email,
      jobTitle: x.jobTitle,
      applicationId: x.applicationId,
      startsAt: x.startsAt.toISOString(),
      endsAt: x.endsAt.toISOString(),
    })),
  };
};
