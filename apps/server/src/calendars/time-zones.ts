/**
 * Wall-clock time in an IANA time zone, with Intl only (no library): what a local date and time is
 * in UTC, and what a UTC instant reads as locally. DST is handled: a time in the spring-forward gap
 * moves forward by the gap (02:30 → 03:30), and a time repeated at fall-back is its first occurrence.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATTERS = 1000;

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    // Only valid zone names get here (the constructor throws otherwise), so this stays small; bounded all the same.
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(tz, f);
  }
  return f;
}

export function isTimeZone(tz: string): boolean {
  if (!tz || tz.length > 64) return false;
  try {
    formatter(tz);
    return true;
  } catch {
    return false;
  }
}

export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** ISO weekday: 1 Monday … 7 Sunday. */
  weekday: number;
}

export function localParts(utcMs: number, tz: string): LocalParts {
  const p: Record<string, number> = {};
  for (const part of formatter(tz).formatToParts(new Date(utcMs))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const dow = new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay();
  return { year: p.year, month: p.month, day: p.day, hour: p.hour % 24, minute: p.minute, second: p.second, weekday: dow === 0 ? 7 : dow };
}

/** The zone's offset from UTC at an instant, in milliseconds (positive east of Greenwich). */
export function offsetMs(tz: string, utcMs: number): number {
  const whole = Math.floor(utcMs / 1000) * 1000;
  const p = localParts(whole, tz);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - whole;
}

/** The UTC instant of a wall-clock time in `tz` (month 1–12). */
export function zonedToUtc(tz: string, year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const o1 = offsetMs(tz, asUtc);
  const t1 = asUtc - o1;
  const o2 = offsetMs(tz, t1);
  if (o2 === o1) return t1;
  const t2 = asUtc - o2;
  // t2 is right when the wall time exists there; otherwise the time is in a spring-forward gap: keep t1 (later).
  return offsetMs(tz, t2) === o2 ? t2 : t1;
}

/** The calendar day after (or `n` days after) a local date, as year, month, day. */
export function addDays(year: number, month: number, day: number, n: number): { year: number; month: number; day: number } {
  const d = new Date(Date.UTC(year, month - 1, day + n));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}
