import type { schedulingRoutes as r } from '@hh/contract/scheduling';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { applications, candidates } from '../db/schema/candidates.ts';
import { interviews } from '../db/schema/interviews.ts';
import { jobs } from '../db/schema/jobs.ts';
import { calendarConnections } from '../db/schema/calendars.ts';
import { scheduledInterviewCalendarCopies, scheduledInterviewHolds, scheduledInterviews } from '../db/schema/scheduling.ts';
import { personTimeZone } from '../calendars/index.ts';
import { copyWords } from './calendar-copies.ts';
import { INTERVIEWERS } from './rights.ts';

/**
 * GET /api/my-scheduled-interviews: the signed-in user's booked interviews still to come in the client,
 * earliest first, each with the state of its copy in the user's CalDAV calendar (in words, in their zone).
 */
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
      copyState: scheduledInterviewCalendarCopies.state,
      copyNext: scheduledInterviewCalendarCopies.nextAttemptAt,
      copyError: scheduledInterviewCalendarCopies.lastError,
      calendarName: calendarConnections.name,
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
    .leftJoin(
      scheduledInterviewCalendarCopies,
      and(
        eq(scheduledInterviewCalendarCopies.clientId, scheduledInterviewHolds.clientId),
        eq(scheduledInterviewCalendarCopies.scheduledInterviewId, scheduledInterviewHolds.scheduledInterviewId),
        eq(scheduledInterviewCalendarCopies.userId, scheduledInterviewHolds.userId),
      ),
    )
    .leftJoin(
      calendarConnections,
      and(
        eq(calendarConnections.clientId, scheduledInterviewCalendarCopies.clientId),
        eq(calendarConnections.id, scheduledInterviewCalendarCopies.connectionId),
      ),
    )
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
  const timeZone = await personTimeZone(deps, { clientId: client.id, userId: input.actor.id });
  return {
    timeZone,
    results: rows.map((x) => ({
      id: x.id,
      interviewName: x.interviewName,
      candidateName: `${x.firstName ?? ''} ${x.lastName ?? ''}`.trim() || x.email,
      jobTitle: x.jobTitle,
      applicationId: x.applicationId,
      startsAt: x.startsAt.toISOString(),
      endsAt: x.endsAt.toISOString(),
      calendarCopy: x.copyState
        ? {
            calendar: x.calendarName ?? 'Calendar',
            state: x.copyState,
            retryAt: x.copyState === 'retrying' && x.copyNext ? x.copyNext.toISOString() : null,
            words: copyWords({ calendar: x.calendarName ?? 'Calendar', state: x.copyState, nextAttemptAt: x.copyNext, lastError: x.copyError }, timeZone),
          }
        : null,
    })),
  };
};
