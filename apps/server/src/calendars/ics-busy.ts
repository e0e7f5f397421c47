import ICAL from 'ical.js';
import { isTimeZone, zonedToUtc } from './time-zones.ts';

/**
 * Busy intervals of an iCalendar document (an ICS feed, or one CalDAV object) between `from` and
 * `to`. Only times are kept. Left out: cancelled events, events marked free (TRANSP:TRANSPARENT) and
 * all-day events (most calendars show those as free: holidays, birthdays, reminders). Recurring events
 * are expanded (EXDATE and moved occurrences honoured). Work is bounded: `budget` caps the
 * occurrences stepped through (a rule repeating every minute since 1990 cannot stall the process)
 * and `maxIntervals` the intervals kept.
 */
export interface Interval {
  start: Date;
  end: Date;
}

export class IcsError extends Error {
  constructor(public readonly kind: 'malformed' | 'too_many') {
    super(kind);
  }
}

export interface IcsLimits {
  /** Occurrences stepped through, shared by every call on one sync. */
  budget: { left: number };
  maxIntervals: number;
  /** Events to leave out by UID (our own interviews read back: calendars/own-events.ts). */
  skipUid?: (uid: string) => boolean;
}

type Time = InstanceType<typeof ICAL.Time>;
type Component = InstanceType<typeof ICAL.Component>;

/** A wall time of DTSTART's zone, in UTC milliseconds: UTC ("Z"), an IANA zone, the feed's own VTIMEZONE, else floating (read as UTC). */
function toUtcMs(t: Time, tzid: string | null): number {
  const asUtc = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  if (t.zone === ICAL.Timezone.utcTimezone || tzid === 'UTC' || tzid === 'Etc/UTC') return asUtc;
  if (tzid && isTimeZone(tzid)) return zonedToUtc(tzid, t.year, t.month, t.day, t.hour, t.minute, t.second);
  if (t.zone && t.zone !== ICAL.Timezone.localTimezone && t.zone.tzid !== 'floating') return asUtc - t.zone.utcOffset(t) * 1000;
  return asUtc;
}

const dtstartTzid = (ev: Component): string | null => {
  const p = ev.getFirstProperty('dtstart');
  const v = p?.getParameter('tzid');
  return typeof v === 'string' ? v : null;
};

export function busyFromIcs(text: string, from: Date, to: Date, limits: IcsLimits, out: Interval[] = []): Interval[] {
  let root: Component;
  try {
    const parsed = ICAL.parse(text);
    root = new ICAL.Component(Array.isArray(parsed[0]) ? parsed[0] : parsed);
  } catch {
    throw new IcsError('malformed');
  }
  if (root.name !== 'vcalendar') throw new IcsError('malformed');
  const fromMs = from.getTime();
  const toMs = to.getTime();
  const add = (s: number, e: number) => {
    if (e <= fromMs || s >= toMs || e <= s) return;
    if (out.length >= limits.maxIntervals) throw new IcsError('too_many');
    out.push({ start: new Date(s), end: new Date(e) });
  };
  const events = root.getAllSubcomponents('vevent');
  // Occurrences moved or changed by a RECURRENCE-ID override, per UID: the base rule skips them.
  const overridden = new Map<string, Set<string>>();
  for (const ev of events) {
    const rid = ev.getFirstPropertyValue('recurrence-id');
    if (!rid) continue;
    const uid = String(ev.getFirstPropertyValue('uid') ?? '');
    const set = overridden.get(uid) ?? new Set<string>();
    set.add(String(rid));
    overridden.set(uid, set);
  }
  for (const vevent of events) {
    try {
      const status = String(vevent.getFirstPropertyValue('status') ?? '').toUpperCase();
      const transp = String(vevent.getFirstPropertyValue('transp') ?? '').toUpperCase();
      if (status === 'CANCELLED' || transp === 'TRANSPARENT') continue;
      if (limits.skipUid?.(String(vevent.getFirstPropertyValue('uid') ?? ''))) continue;
      const event = new ICAL.Event(vevent);
      const start = event.startDate;
      if (!start || start.isDate) continue;
      const tzid = dtstartTzid(vevent);
      const startMs = toUtcMs(start, tzid);
      const endTime = event.endDate;
      const endMs = endTime ? toUtcMs(endTime, endTime.zone === start.zone ? tzid : null) : startMs;
      const length = Math.max(0, endMs - startMs);
      if (!event.isRecurring() || vevent.getFirstPropertyValue('recurrence-id')) {
        limits.budget.left--;
        add(startMs, startMs + length);
        continue;
      }
      const skip = overridden.get(event.uid ?? '') ?? new Set<string>();
      const it = event.iterator();
      for (let next = it.next(); next; next = it.next()) {
        if (--limits.budget.left < 0) throw new IcsError('too_many');
        const s = toUtcMs(next, tzid);
        if (s >= toMs) break;
        if (skip.has(next.toString())) continue;
        add(s, s + length);
      }
    } catch (e) {
      if (e instanceof IcsError) throw e;
      throw new IcsError('malformed');
    }
  }
  return out;
}
