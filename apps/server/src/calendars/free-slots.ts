import type { WorkingHours } from '@hh/contract/calendars';
import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import type { DbDeps } from '../core/deps.ts';
import { calendarBusy } from '../db/schema/calendars.ts';
import { loadWorkingHours } from './store.ts';
import { addDays, localParts, zonedToUtc } from './time-zones.ts';

/**
 * Times when every one of `userIds` is free for `durationMinutes`, between `from` and `to`: inside
 * each person's working hours (in their own time zone, DST included), clear of their busy times
 * widened by their buffers (a slot needs `bufferBefore` free before it and `bufferAfter` after it),
 * no sooner than their minimum notice, and not on a day where they already have their daily maximum
 * of interviews. `interviews` are interviews already booked (they block like busy times and count
 * towards the daily maximum); scheduling passes them in. Slots start on a `stepMinutes` grid (15 by
 * default, which every time zone's offset divides); at most `limit` are returned, earliest first.
 */
export interface FreeSlotsInput {
  clientId: string;
  userIds: string[];
  from: Date;
  to: Date;
  durationMinutes: number;
  stepMinutes?: number;
  limit?: number;
  now?: Date;
  interviews?: { userId: string; start: Date; end: Date }[];
}
export interface Slot {
  start: Date;
  end: Date;
}
type Span = [number, number];

const MIN = 60_000;
const DAY = 86_400_000;

/** Sorted, merged spans. */
function merge(spans: Span[]): Span[] {
  const sorted = spans.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s[0] <= last[1]) last[1] = Math.max(last[1], s[1]);
    else out.push([s[0], s[1]]);
  }
  return out;
}

/** `free` minus `busy` (both merged). */
function subtract(free: Span[], busy: Span[]): Span[] {
  const out: Span[] = [];
  for (const [a0, b] of free) {
    let a = a0;
    for (const [x, y] of busy) {
      if (y <= a || x >= b) continue;
      if (x > a) out.push([a, x]);
      a = Math.max(a, y);
      if (a >= b) break;
    }
    if (a < b) out.push([a, b]);
  }
  return out;
}

function intersect(p: Span[], q: Span[]): Span[] {
  const out: Span[] = [];
  let i = 0;
  let j = 0;
  while (i < p.length && j < q.length) {
    const a = Math.max(p[i][0], q[j][0]);
    const b = Math.min(p[i][1], q[j][1]);
    if (a < b) out.push([a, b]);
    if (p[i][1] < q[j][1]) i++;
    else j++;
  }
  return out;
}

const hm = (s: string) => s.split(':').map(Number) as [number, number];
const dayKey = (d: { year: number; month: number; day: number }) => `${d.year}-${d.month}-${d.day}`;

/** One person's free spans in [from, to) from their settings, busy times and booked interviews (pure: unit-tested). */
export function personFree(settings: WorkingHours, busy: Span[], booked: Span[], from: number, to: number, now: number): Span[] {
  const tz = settings.timeZone;
  const perDay = new Map<string, number>();
  for (const [s] of booked) {
    const k = dayKey(localParts(s, tz));
    perDay.set(k, (perDay.get(k) ?? 0) + 1);
  }
  const windows: Span[] = [];
  const first = localParts(from, tz);
  const days = Math.ceil((to - from) / DAY) + 2;
  for (let i = -1; i < days; i++) {
    const d = addDays(first.year, first.month, first.day, i);
    if ((perDay.get(dayKey(d)) ?? 0) >= settings.dailyMaximum) continue;
    const dow = new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay() || 7;
    const cfg = settings.days.find((x) => x.weekday === dow);
    if (!cfg?.on) continue;
    const [sh, sm] = hm(cfg.start);
    const [eh, em] = hm(cfg.end);
    windows.push([zonedToUtc(tz, d.year, d.month, d.day, sh, sm), zonedToUtc(tz, d.year, d.month, d.day, eh, em)]);
  }
  const earliest = Math.max(from, now + settings.minimumNoticeMinutes * MIN);
  const open = merge(windows.map(([a, b]): Span => [Math.max(a, earliest), Math.min(b, to)]));
  // A slot [s, e) needs [s - before, e + after) clear: widen each busy span by `after` before it and `before` after it.
  const blocked = merge([...busy, ...booked].map(([a, b]): Span => [a - settings.bufferAfterMinutes * MIN, b + settings.bufferBeforeMinutes * MIN]));
  return subtract(open, blocked);
}

/** Slots of `duration` on the step grid inside spans. */
export function slotsIn(spans: Span[], durationMs: number, stepMs: number, limit: number): Slot[] {
  const out: Slot[] = [];
  for (const [a, b] of spans) {
    for (let s = Math.ceil(a / stepMs) * stepMs; s + durationMs <= b; s += stepMs) {
      out.push({ start: new Date(s), end: new Date(s + durationMs) });
      if (out.length >= limit) return out;
    }
  }
  return out;
}

export async function freeSlots(deps: DbDeps, input: FreeSlotsInput): Promise<Slot[]> {
  const from = input.from.getTime();
  const to = input.to.getTime();
  const userIds = [...new Set(input.userIds)];
  if (!userIds.length || to <= from || input.durationMinutes <= 0) return [];
  const margin = 5 * 60 * MIN;
  const rows = await deps.db
    .select({ userId: calendarBusy.userId, start: calendarBusy.startsAt, end: calendarBusy.endsAt })
    .from(calendarBusy)
    .where(
      and(
        eq(calendarBusy.clientId, input.clientId),
        inArray(calendarBusy.userId, userIds),
        gt(calendarBusy.endsAt, new Date(from - margin)),
        lt(calendarBusy.startsAt, new Date(to + margin)),
      ),
    );
  const now = (input.now ?? new Date()).getTime();
  let common: Span[] | null = null;
  for (const userId of userIds) {
    const settings = await loadWorkingHours(deps.db, input.clientId, userId);
    const busy = rows.filter((r) => r.userId === userId).map((r): Span => [r.start.getTime(), r.end.getTime()]);
    const booked = (input.interviews ?? []).filter((x) => x.userId === userId).map((x): Span => [x.start.getTime(), x.end.getTime()]);
    const free = personFree(settings, busy, booked, from, to, now);
    common = common ? intersect(common, free) : free;
    if (!common.length) return [];
  }
  return slotsIn(common ?? [], input.durationMinutes * MIN, (input.stepMinutes ?? 15) * MIN, input.limit ?? 500);
}
