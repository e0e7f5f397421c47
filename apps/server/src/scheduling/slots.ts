import { messages } from '@hh/contract/messages';
import { freeSlots, type Slot } from '../calendars/index.ts';
import type { DbOrTx } from '../db/client.ts';
import { badRequest } from '../lib/app-error.ts';
import { bookedHolds, type LinkContext } from './load-link.ts';

/** The most times one page offers. */
export const MAX_OFFERED = 200;

/**
 * The times the link offers now: every interviewer free (their calendars' busy times, working
 * hours, buffers, notice and daily maximum, and the interviews already booked with them), inside the
 * link's window, from now on. Computed at each view, so a time that became busy since the link was
 * sent is no longer offered. A reschedule leaves the interview's own time out of the booked ones.
 */
export async function offeredSlots(db: DbOrTx, ctx: LinkContext, now = new Date(), exceptScheduledId?: string | null): Promise<Slot[]> {
  const from = new Date(Math.max(now.getTime(), ctx.link.windowStart.getTime()));
  const to = ctx.link.windowEnd;
  if (to <= from || !ctx.interviewers.length) return [];
  const userIds = ctx.interviewers.map((p) => p.id);
  const holds = await bookedHolds(db, ctx.link.clientId, userIds, from, to, exceptScheduledId);
  return freeSlots(
    { db },
    {
      clientId: ctx.link.clientId,
      userIds,
      from,
      to,
      durationMinutes: ctx.interview.durationMinutes,
      interviews: holds,
      now,
      limit: MAX_OFFERED,
    },
  );
}

export function checkTimeZone(tz: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz;
  } catch {
    throw badRequest('timeZone', messages.scheduling.unknownTimeZone);
  }
}

/** "Monday, December 7, 2026 at 10:00 AM CET" in the zone given. */
export function formatWhen(d: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone }).format(d) + ` (${zoneLabel(d, timeZone)})`;
}
const zoneLabel = (d: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(d).find((p) => p.type === 'timeZoneName')?.value ?? timeZone;

/** The first `n` slots as words, for the "just taken" message. */
export const slotWords = (slots: Slot[], timeZone: string, n = 3) =>
  slots.slice(0, n).map((s) =>
    new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
      timeZoneName: 'short',
    }).format(s.start),
  );
