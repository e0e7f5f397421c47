import { messages } from '@hh/contract/messages';
import { freeSlots, type Slot } from '../calendars/index.ts';
import type { DbOrTx } from '../db/client.ts';
import { badRequest } from '../lib/app-error.ts';
import { bookedHolds, type LinkContext } from './load-link.ts';

/** "Monday, December 7, 2026 at 10:00 AM (CET)" in the zone given (lib/format-when.ts, shared with the invitation mail). */
export { formatWhen } from '../lib/format-when.ts';

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
  if (to <= from || (!ctx.interviewers.length && !ctx.pool.length)) return [];
  const panel: Panel = { required: ctx.interviewers.map((p) => p.id), pool: ctx.pool.map((p) => p.id) };
  // A link of proposed times offers only those still free (the team's own moves are not limited to them).
  if (ctx.link.proposedStarts && !override) return proposedFree(db, ctx, panel, ctx.link.proposedStarts, from, to, now, exceptScheduledId);
  return panelSlots(db, ctx.link.clientId, panel, { from, to, durationMinutes: ctx.interview.durationMinutes, now, exceptScheduledId });
}

/** Who must be free for a time: every required interviewer and, when the interview has a pool, at least one of it. */
export interface Panel {
  required: string[];
  pool: string[];
}

/**
 * The free times of a panel: `freeSlots` of the required interviewers, or with a pool, the union over
 * its members of `freeSlots` of the required ones and that member (a time is offered when at least one
 * pool member is free with everyone required), earliest first.
 */
export async function panelSlots(
  db: DbOrTx,
  clientId: string,
  panel: Panel,
  w: { from: Date; to: Date; durationMinutes: number; now: Date; exceptScheduledId?: string | null; limit?: number },
): Promise<Slot[]> {
  const limit = w.limit ?? MAX_OFFERED;
  const groups = panel.pool.length ? panel.pool.map((p) => [...panel.required, p]) : panel.required.length ? [panel.required] : [];
  const all = [...new Set(groups.flat())];
  const holds = await bookedHolds(db, clientId, all, w.from, w.to, w.exceptScheduledId);
  const byStart = new Map<number, Slot>();
  for (const userIds of groups) {
    const slots = await freeSlots(
      { db },
      {
        clientId,
        userIds,
        from: w.from,
        to: w.to,
        durationMinutes: w.durationMinutes,
        interviews: holds.filter((h) => userIds.includes(h.userId)),
        now: w.now,
        limit,
      },
    );
    for (const s of slots) if (!byStart.has(s.start.getTime())) byStart.set(s.start.getTime(), s);
  }
  return [...byStart.values()].sort((a, b) => a.start.getTime() - b.start.getTime()).slice(0, limit);
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
  panel: Panel,
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
    const free = await panelSlotAt(db, ctx.link.clientId, panel, start, ctx.interview.durationMinutes, now, exceptScheduledId);
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

/** The slot at exactly `start` when the panel is free then (every required interviewer and, with a pool, one of it), or null. */
export async function panelSlotAt(
  db: DbOrTx,
  clientId: string,
  panel: Panel,
  start: Date,
  durationMinutes: number,
  now: Date,
  exceptScheduledId?: string | null,
): Promise<Slot | null> {
  if (!panel.pool.length) return slotAt(db, clientId, panel.required, start, durationMinutes, now, exceptScheduledId);
  for (const p of panel.pool) {
    const slot = await slotAt(db, clientId, [...panel.required, p], start, durationMinutes, now, exceptScheduledId);
    if (slot) return slot;
  }
  return null;
}

export function checkTimeZone(tz: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz;
  } catch {
    throw badRequest('timeZone', messages.scheduling.unknownTimeZone);
  }
}

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
