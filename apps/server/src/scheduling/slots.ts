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
export async function offeredSlots(
  db: DbOrTx,
  ctx: LinkContext,
  now = new Date(),
  exceptScheduledId?: string | null,
  override?: { from: Date; to: Date },
): Promise<Slot[]> {
  const window = override ?? { from: ctx.link.windowStart, to: ctx.link.windowEnd };
  const from = new Date(Math.max(now.getTime(), window.from.getTime()));
  const to = window.to;
  if (to <= from || !ctx.interviewers.length) return [];
  const userIds = ctx.interviewers.map((p) => p.id);
  // A link of proposed times offers only those still free (the team's own moves are not limited to them).
  if (ctx.link.proposedStarts && !override) return proposedFree(db, ctx, userIds, ctx.link.proposedStarts, from, to, now, exceptScheduledId);
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

/** The days the hiring team may move a booked interview to: from now to the link's window end or two weeks ahead, whichever is later. */
export const TEAM_MOVE_DAYS = 14;
export const teamWindow = (link: { windowEnd: Date }, now: Date) => ({
  from: now,
  to: new Date(Math.max(link.windowEnd.getTime(), now.getTime() + TEAM_MOVE_DAYS * 86_400_000)),
});

/** Which of the proposed starts are still free for every interviewer, inside [from, to), earliest first. */
async function proposedFree(
  db: DbOrTx,
  ctx: LinkContext,
  userIds: string[],
  starts: string[],
  from: Date,
  to: Date,
  now: Date,
  exceptScheduledId?: string | null,
): Promise<Slot[]> {
  const out: Slot[] = [];
  const ms = ctx.interview.durationMinutes * 60_000;
  for (const iso of [...starts].sort()) {
    const start = new Date(iso);
    const end = new Date(start.getTime() + ms);
    if (start < from || end > to) continue;
    const free = await slotAt(db, ctx.link.clientId, userIds, start, ctx.interview.durationMinutes, now, exceptScheduledId);
    if (free) out.push(free);
  }
  return out;
}

/** The slot at exactly `start` when every one of `userIds` is free for the duration then (calendars, working hours, booked interviews), or null. */
export async function slotAt(
  db: DbOrTx,
  clientId: string,
  userIds: string[],
  start: Date,
  durationMinutes: number,
  now: Date,
  exceptScheduledId?: string | null,
): Promise<Slot | null> {
  const end = new Date(start.getTime() + durationMinutes * 60_000);
  const holds = await bookedHolds(db, clientId, userIds, start, end, exceptScheduledId);
  const [slot] = await freeSlots({ db }, { clientId, userIds, from: start, to: end, durationMinutes, interviews: holds, now, limit: 1 });
  return slot && slot.start.getTime() === start.getTime() ? slot : null;
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
