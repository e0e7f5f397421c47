import { and, eq, inArray, sql } from 'drizzle-orm';
import { firstCalDavConnection, removeCalendarEvent, writeCalendarEvent } from '../calendars/index.ts';
import { messages } from '@hh/contract/messages';
import type { Deps } from '../core/deps.ts';
import type { DbOrTx } from '../db/client.ts';
import { type CalendarCopyRow, type CalendarCopyState, scheduledInterviewCalendarCopies, scheduledInterviews } from '../db/schema/scheduling.ts';
import { interviewUid } from './invitation.ts';

/**
 * The booked interview in each interviewer's connected CalDAV calendar, written by the queue
 * (docs/scheduling.md, "Calendar copies"). The booking's transaction records what each calendar
 * should hold (`scheduled_interview_calendar_copies`: the event, or nothing after a cancel, with a
 * version raised by every change); after it commits one job per interviewer writes it. A calendar that
 * is down is tried again after 1, 5, 15, 60, 180 and 360 minutes, then the copy is marked failed with
 * the reason; the interviewer's schedule shows the state in words. A booking never waits for a
 * calendar server, and a calendar server never undoes a booking (the mailed invitation stands).
 */
export const CALENDAR_COPY_QUEUE = 'scheduling-calendar-copy';
/** Minutes to wait after each failed attempt; after the last, the copy is marked failed. */
export const RETRY_MINUTES = [1, 5, 15, 60, 180, 360] as const;

export interface CalendarCopyJob {
  clientId: string;
  scheduledId: string;
  userId: string;
}

const copyKey = (clientId: string, scheduledId: string, userId?: string) =>
  userId
    ? and(
        eq(scheduledInterviewCalendarCopies.clientId, clientId),
        eq(scheduledInterviewCalendarCopies.scheduledInterviewId, scheduledId),
        eq(scheduledInterviewCalendarCopies.userId, userId),
      )
    : and(eq(scheduledInterviewCalendarCopies.clientId, clientId), eq(scheduledInterviewCalendarCopies.scheduledInterviewId, scheduledId));

/**
 * In the booking's (or move's) transaction: each interviewer's calendar should hold `ics`. An
 * interviewer seen before keeps their connection (a move replaces the same event); one without a
 * CalDAV calendar gets no row. Returns the interviewers whose copy is to be written.
 */
export async function planCalendarCopies(tx: DbOrTx, input: { clientId: string; scheduledId: string; userIds: string[]; ics: string }): Promise<string[]> {
  const existing = input.userIds.length
    ? await tx
        .select()
        .from(scheduledInterviewCalendarCopies)
        .where(and(copyKey(input.clientId, input.scheduledId), inArray(scheduledInterviewCalendarCopies.userId, input.userIds)))
    : [];
  const seen = new Set(existing.map((r) => r.userId));
  const planned: string[] = [];
  const now = new Date();
  for (const userId of input.userIds) {
    if (seen.has(userId)) {
      await tx
        .update(scheduledInterviewCalendarCopies)
        .set({
          wanted: 'event',
          ics: input.ics,
          version: sql`${scheduledInterviewCalendarCopies.version} + 1`,
          state: 'pending',
          attempts: 0,
          nextAttemptAt: null,
          lastError: null,
          updatedAt: now,
        })
        .where(copyKey(input.clientId, input.scheduledId, userId));
      planned.push(userId);
      continue;
    }
    const conn = await firstCalDavConnection({ db: tx }, { clientId: input.clientId, userId });
    if (!conn) continue;
    await tx.insert(scheduledInterviewCalendarCopies).values({
      clientId: input.clientId,
      scheduledInterviewId: input.scheduledId,
      userId,
      connectionId: conn.id,
      wanted: 'event',
      ics: input.ics,
    });
    planned.push(userId);
  }
  return planned;
}

/** In the cancel's transaction: no calendar should hold the interview any more. Returns the interviewers whose copy is to be deleted. */
export async function planCalendarRemovals(tx: DbOrTx, clientId: string, scheduledId: string): Promise<string[]> {
  const rows = await tx
    .update(scheduledInterviewCalendarCopies)
    .set({
      wanted: 'none',
      ics: null,
      version: sql`${scheduledInterviewCalendarCopies.version} + 1`,
      state: 'pending',
      attempts: 0,
      nextAttemptAt: null,
      lastError: null,
      updatedAt: new Date(),
    })
    .where(copyKey(clientId, scheduledId))
    .returning({ userId: scheduledInterviewCalendarCopies.userId });
  return rows.map((r) => r.userId);
}

/** After the commit: one job per copy to write. A failure to queue is logged; the copy stays "being written". */
export async function enqueueCalendarCopies(deps: Pick<Deps, 'queue' | 'log'>, clientId: string, scheduledId: string, userIds: string[]): Promise<void> {
  for (const userId of userIds) {
    const data: CalendarCopyJob = { clientId, scheduledId, userId };
    try {
      await deps.queue.send(CALENDAR_COPY_QUEUE, data);
    } catch (err) {
      deps.log.error({ err, scheduledId }, 'scheduling: the calendar copy could not be queued');
    }
  }
}

type Outcome = { kind: 'done' | 'nothing' | 'later' } | { kind: 'retry'; at: Date };

/**
 * The job: brings one interviewer's calendar to what the row says it should hold. Jobs of one copy
 * run one at a time (a transaction-scoped advisory lock; the row itself is not locked, so a booking
 * changing it never waits for a calendar server). The calendar's answer is recorded for the version
 * it was written for; when the row changed meanwhile (moved or cancelled during the write), the job
 * goes round again. A failure plans the next attempt and queues it for then. `now` is the job's
 * clock (the tests pass their own); a job run before the copy's next attempt is due does nothing.
 */
export async function runCalendarCopy(deps: Pick<Deps, 'db' | 'queue' | 'config' | 'log'>, job: CalendarCopyJob, now = new Date()): Promise<Outcome['kind']> {
  const key = `calendar-copy:${job.clientId}:${job.scheduledId}:${job.userId}`;
  const outcome = await deps.db.transaction(async (lock): Promise<Outcome> => {
    await lock.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
    for (let round = 0; round < 3; round++) {
      const [row] = await deps.db
        .select()
        .from(scheduledInterviewCalendarCopies)
        .where(copyKey(job.clientId, job.scheduledId, job.userId))
        .limit(1);
      if (!row || row.state === 'written' || row.state === 'removed' || row.state === 'failed') return { kind: 'nothing' };
      if (row.state === 'retrying' && row.nextAttemptAt && row.nextAttemptAt.getTime() > now.getTime() + 1000) return { kind: 'later' };
      const result = await attempt(deps, row, now);
      // Where the event is now is a fact whatever the version: a later round (or job) deletes or replaces it.
      const settled = await deps.db
        .update(scheduledInterviewCalendarCopies)
        .set({ connectionId: result.connectionId ?? row.connectionId, objectUrl: result.objectUrl, updatedAt: new Date() })
        .where(copyKey(job.clientId, job.scheduledId, job.userId))
        .returning({ version: scheduledInterviewCalendarCopies.version });
      if (!settled.length) return { kind: 'nothing' };
      if (settled[0].version !== row.version) continue; // changed while we wrote: apply the new wish
      if (result.ok) {
        await setState(deps.db, job, row.version, { state: row.wanted === 'event' ? 'written' : 'removed', nextAttemptAt: null, lastError: null });
        return { kind: 'done' };
      }
      const attempts = row.attempts + 1;
      const wait = RETRY_MINUTES[attempts - 1];
      if (wait === undefined || result.final) {
        await setState(deps.db, job, row.version, { state: 'failed', attempts, nextAttemptAt: null, lastError: result.error });
        return { kind: 'done' };
      }
      const at = new Date(now.getTime() + wait * 60_000);
      await setState(deps.db, job, row.version, { state: 'retrying', attempts, nextAttemptAt: at, lastError: result.error });
      return { kind: 'retry', at };
    }
    return { kind: 'done' };
  });
  // Queued after the lock is released: an inline queue runs the job at once, and it must find the lock free.
  if (outcome.kind === 'retry') await deps.queue.send(CALENDAR_COPY_QUEUE, job, { startAfter: outcome.at });
  return outcome.kind === 'retry' ? 'later' : outcome.kind;
}

async function setState(
  db: DbOrTx,
  job: CalendarCopyJob,
  version: number,
  set: { state: CalendarCopyState; attempts?: number; nextAttemptAt: Date | null; lastError: string | null },
) {
  await db
    .update(scheduledInterviewCalendarCopies)
    .set({ ...set, updatedAt: new Date() })
    .where(and(copyKey(job.clientId, job.scheduledId, job.userId), eq(scheduledInterviewCalendarCopies.version, version)));
}

type Attempt =
  | { ok: true; connectionId: string | null; objectUrl: string | null }
  | { ok: false; connectionId: string | null; objectUrl: string | null; error: string; final?: boolean };

/** One write (or delete) of the row's wish to the calendar. */
async function attempt(deps: Pick<Deps, 'db' | 'config' | 'log'>, row: CalendarCopyRow, now: Date): Promise<Attempt> {
  const base = { connectionId: row.connectionId, objectUrl: row.objectUrl };
  if (row.wanted === 'none') {
    if (!row.objectUrl || !row.connectionId) return { ok: true, ...base, objectUrl: null };
    const r = await removeCalendarEvent(deps, { clientId: row.clientId, userId: row.userId, connectionId: row.connectionId, objectUrl: row.objectUrl });
    return r.ok ? { ok: true, ...base, objectUrl: null } : { ok: false, ...base, error: r.error };
  }
  const [s] = await deps.db
    .select({ endsAt: scheduledInterviews.endsAt })
    .from(scheduledInterviews)
    .where(and(eq(scheduledInterviews.clientId, row.clientId), eq(scheduledInterviews.id, row.scheduledInterviewId)))
    .limit(1);
  if (!s || s.endsAt <= now) return { ok: false, ...base, error: messages.scheduling.interviewEnded, final: true };
  const r = await writeCalendarEvent(deps, {
    clientId: row.clientId,
    userId: row.userId,
    uid: interviewUid(row.scheduledInterviewId, deps.config),
    ics: row.ics ?? '',
    connectionId: row.connectionId,
  });
  if (!r.ok) return { ok: false, ...base, connectionId: r.connectionId ?? row.connectionId, error: r.error };
  return { ok: true, connectionId: r.connectionId, objectUrl: r.objectUrl };
}

/** The state of a copy in words for its owner, times in their zone ("Work: will retry at 14:05 (…)"). */
export function copyWords(
  copy: { calendar: string; state: CalendarCopyState; nextAttemptAt: Date | null; lastError: string | null },
  timeZone: string,
): string {
  const m = messages.scheduling;
  switch (copy.state) {
    case 'written':
      return m.copyWritten(copy.calendar);
    case 'removed':
      return m.copyRemoved(copy.calendar);
    case 'failed':
      return m.copyFailed(copy.calendar, copy.lastError ?? '');
    case 'retrying':
      return m.copyRetrying(copy.calendar, clockTime(copy.nextAttemptAt ?? new Date(), timeZone), copy.lastError ?? '');
    default:
      return m.copyPending(copy.calendar);
  }
}

/** HH:MM on a 24-hour clock in the zone. */
export const clockTime = (d: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(d);
