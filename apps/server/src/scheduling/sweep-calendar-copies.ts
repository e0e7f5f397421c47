import { and, asc, eq, lt, or, sql } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';
import { scheduledInterviewCalendarCopies as copies } from '../db/schema/scheduling.ts';
import { CALENDAR_COPY_QUEUE, type CalendarCopyJob } from './calendar-copies.ts';

export const CALENDAR_COPY_SWEEP_QUEUE = 'scheduling-calendar-copy-sweep';
/** A copy whose job should have run by now: being written for this long, or its retry this much overdue. */
export const STRANDED_AFTER_MINUTES = 10;
const BATCH = 500;

/**
 * Calendar copies whose job was never queued (the process stopped between the booking's commit and
 * the queue, or the queue refused the job): 'pending' for more than STRANDED_AFTER_MINUTES, or
 * 'retrying' with the next attempt that long overdue. Each gets its job again, and its `updated_at`
 * is moved on so the next sweep leaves it alone while that job waits in the queue. A job queued twice
 * does no harm: jobs of one copy run one at a time, and one finding its copy written does nothing.
 */
export async function requeueStrandedCalendarCopies(deps: Pick<Deps, 'db' | 'queue' | 'log'>, input: { now?: Date } = {}): Promise<number> {
  const now = input.now ?? new Date();
  const before = new Date(now.getTime() - STRANDED_AFTER_MINUTES * 60_000);
  const stranded = await deps.db
    .select({ clientId: copies.clientId, scheduledId: copies.scheduledInterviewId, userId: copies.userId })
    .from(copies)
    .where(or(and(eq(copies.state, 'pending'), lt(copies.updatedAt, before)), and(eq(copies.state, 'retrying'), lt(copies.nextAttemptAt, before))))
    .orderBy(asc(copies.updatedAt))
    .limit(BATCH);
  for (const c of stranded) {
    // Marked first: a sweep that stops here leaves the copy for the next one (after STRANDED_AFTER_MINUTES), never loops on it.
    await deps.db
      .update(copies)
      .set({ updatedAt: now, nextAttemptAt: sql`CASE WHEN ${copies.state} = 'retrying' THEN ${now} ELSE ${copies.nextAttemptAt} END` })
      .where(and(eq(copies.clientId, c.clientId), eq(copies.scheduledInterviewId, c.scheduledId), eq(copies.userId, c.userId)));
    const job: CalendarCopyJob = { clientId: c.clientId, scheduledId: c.scheduledId, userId: c.userId };
    await deps.queue.send(CALENDAR_COPY_QUEUE, job);
  }
  if (stranded.length) deps.log.warn({ count: stranded.length }, 'scheduling: calendar copies without a job were queued again');
  return stranded.length;
}
