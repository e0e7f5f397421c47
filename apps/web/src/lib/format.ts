import { useMemo } from 'react';
import { useSelectedClient } from './selected-client.tsx';

export const fullName = (u: { basicInfo: { firstName: string; lastName: string }; email: string }) =>
  [u.basicInfo.firstName, u.basicInfo.lastName].filter(Boolean).join(' ') || u.email;

/**
 * Every date and time the portal shows goes through this file (a source-scan test holds every other
 * portal file to it): dates in the user's locale (the browser's; `locale` is for tests), a moment always
 * with its time zone named, in the client's zone unless a screen deliberately shows another (the
 * interview's, the candidate's) and names that one.
 * An unknown or empty time zone falls back to the browser's own.
 */
function zone(timeZone?: string | null): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat(undefined, { timeZone });
    return timeZone;
  } catch {
    console.warn(`Unknown time zone "${timeZone}"; dates use the browser's`);
    return undefined;
  }
}

const dtf = (locale: string | undefined, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options);
const MOMENT: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };

/**
 * Date and time with the time zone named, e.g. "Nov 23, 2026, 9:05 AM CST" in en-US: the one format
 * for a moment everywhere in the portal, so two screens never show the same event at different hours.
 */
export const formatDate = (iso: string | null | undefined, timeZone?: string | null, locale?: string) =>
  iso ? dtf(locale, { ...MOMENT, timeZone: zone(timeZone) }).format(new Date(iso)) : '';

const DAY_STYLES = {
  medium: { dateStyle: 'medium' },
  long: { dateStyle: 'long' },
  weekday: { weekday: 'long', month: 'long', day: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
type DayStyle = keyof typeof DAY_STYLES;

/** The day of a moment in the zone: "Nov 23, 2026" (medium), "November 23, 2026" (long), "Monday, November 23" (weekday). */
export const formatDay = (iso: string | null | undefined, timeZone?: string | null, style: DayStyle = 'medium', locale?: string) =>
  iso ? dtf(locale, { ...DAY_STYLES[style], timeZone: zone(timeZone) }).format(new Date(iso)) : '';

/** The time of a moment in the zone, the zone named unless `named` is false: "9:05 AM CST". */
export const formatTime = (iso: string | null | undefined, timeZone?: string | null, named = true, locale?: string) =>
  iso ? dtf(locale, { hour: 'numeric', minute: '2-digit', timeZoneName: named ? 'short' : undefined, timeZone: zone(timeZone) }).format(new Date(iso)) : '';

/**
 * Two moments as one range with the zone named once: "Nov 23, 2026, 9:05 – 10:00 AM CST", or without
 * the date ("9:05 – 10:00 AM CST") where the day is shown beside it.
 */
export function formatTimeRange(start: string, end: string, timeZone?: string | null, dated = true, locale?: string): string {
  const { hour, minute, timeZoneName } = MOMENT;
  const options = dated ? MOMENT : { hour, minute, timeZoneName };
  return dtf(locale, { ...options, timeZone: zone(timeZone) }).formatRange(new Date(start), new Date(end));
}

const CALENDAR_STYLES = {
  short: { month: 'short', day: 'numeric' },
  medium: { day: 'numeric', month: 'short', year: 'numeric' },
  weekday: { weekday: 'long', month: 'long', day: 'numeric' },
  'weekday-short': { weekday: 'short', month: 'short', day: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * A calendar day, not a moment: "YYYY-MM-DD" or its UTC midnight in ms (chart axes, report periods,
 * the columns of a week). Written in the user's locale and never shifted by a zone, so it names none.
 */
export function formatCalendarDay(day: string | number, style: keyof typeof CALENDAR_STYLES = 'medium', locale?: string): string {
  if (day === '') return '';
  const at = typeof day === 'number' ? new Date(day) : new Date(day.length === 10 ? `${day}T00:00:00Z` : day);
  return dtf(locale, { ...CALENDAR_STYLES[style], timeZone: 'UTC' }).format(at);
}

/** The zone's short name at a moment in the user's locale ("CET", "EST", "GMT+1"). */
export function zoneAbbr(timeZone: string, at = new Date(), locale?: string): string {
  return (
    dtf(locale, { timeZone: zone(timeZone), timeZoneName: 'short' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? timeZone
  );
}

/** The browser's own zone, or UTC when it names none. */
export function browserZone(): string {
  try {
    return dtf(undefined, {}).resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The wall-clock parts of a moment in a zone, as numbers (for placing it on a grid; not for display). */
export function zonedParts(iso: string, timeZone: string) {
  const p = Object.fromEntries(
    dtf('en-US', { timeZone: zone(timeZone), hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' })
      .formatToParts(new Date(iso))
      .filter((x) => x.type !== 'literal')
      .map((x) => [x.type, Number(x.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute', number>;
  return p;
}

/** The spec's MM/DD/YYYY (recruiting spec: reminder dates), in the client's time zone. */
const formatUsDay = (iso: string | null | undefined, timeZone?: string | null) =>
  iso ? dtf('en-US', { month: '2-digit', day: '2-digit', year: 'numeric', timeZone: zone(timeZone) }).format(new Date(iso)) : '';

/** The calendar day (YYYY-MM-DD) of an instant in a time zone: a stable key for grouping by day. */
export const dayKey = (iso: string, timeZone?: string | null) =>
  dtf('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: zone(timeZone) }).format(new Date(iso));

/** A number in the user's locale ("12,480", "1.5"). */
export const formatNumber = (n: number, locale?: string) => new Intl.NumberFormat(locale).format(n);

/** The formatters bound to the selected client's time zone. */
export function useFormat() {
  const { client } = useSelectedClient();
  const tz = client?.timeZone ?? null;
  return useMemo(
    () => ({
      timeZone: tz,
      date: (iso: string | null | undefined) => formatDate(iso, tz),
      day: (iso: string | null | undefined) => formatDay(iso, tz),
      time: (iso: string | null | undefined) => formatTime(iso, tz),
      range: (start: string, end: string) => formatTimeRange(start, end, tz),
      usDay: (iso: string | null | undefined) => formatUsDay(iso, tz),
      dayKey: (iso: string) => dayKey(iso, tz),
      number: (n: number) => formatNumber(n),
    }),
    [tz],
  );
}
