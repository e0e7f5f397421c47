import { isTimeZone } from '@hh/contract/reports';
import { messages } from '@hh/contract/messages';
import { type SQL, sql } from 'drizzle-orm';
import { badRequest } from '../lib/app-error.ts';

const DAY = 86_400_000;
/** The longest period one report covers: two years of days keeps every query bounded and every chart readable. */
export const MAX_PERIOD_DAYS = 731;
/** The default period: the last 30 days, today included. */
export const DEFAULT_PERIOD_DAYS = 30;

/** What every metric takes: the client, the period as days in one time zone (both ends included), and an optional job. */
export interface ReportScope {
  clientId: string;
  from: string;
  to: string;
  timeZone: string;
  jobId: string | null;
}

/** Today's date (YYYY-MM-DD) in `timeZone`. */
export function dayIn(at: Date, timeZone: string): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}
export const addDays = (day: string, n: number) => new Date(Date.parse(day) + n * DAY).toISOString().slice(0, 10);

/** The time zone of a report: the one asked for, else the client's (when it is a real zone name), else UTC. */
export function zoneOf(asked: string | undefined, clientZone: string | null | undefined): string {
  if (asked) return asked;
  return clientZone && isTimeZone(clientZone) ? clientZone : 'UTC';
}

/**
 * The period of a report, as days in `timeZone`: `to` defaults to today there, `from` to 29 days
 * before `to` (30 days in all). A start after the end, or more than two years, is refused.
 */
export function reportPeriod(input: { from?: string; to?: string; timeZone: string }, now = new Date()) {
  const to = input.to ?? (input.from ? maxDay(input.from, dayIn(now, input.timeZone)) : dayIn(now, input.timeZone));
  const from = input.from ?? addDays(to, -(DEFAULT_PERIOD_DAYS - 1));
  if (from > to || (Date.parse(to) - Date.parse(from)) / DAY + 1 > MAX_PERIOD_DAYS) throw badRequest('period', messages.reports.badPeriod);
  return { from, to, timeZone: input.timeZone };
}
const maxDay = (a: string, b: string) => (a > b ? a : b);

/** The period of the last `days` days up to today in `timeZone` (the dashboard's 7, 30 and 90 days). */
export function lastDays(days: number, timeZone: string, now = new Date()) {
  const to = dayIn(now, timeZone);
  return { from: addDays(to, -(days - 1)), to, timeZone };
}

/** The first instant of the period and the first instant after it, as SQL timestamptz expressions. */
export function bounds(s: Pick<ReportScope, 'from' | 'to' | 'timeZone'>): { start: SQL; end: SQL } {
  return {
    start: sql`((${s.from}::date)::timestamp AT TIME ZONE ${s.timeZone})`,
    end: sql`((${s.to}::date + 1)::timestamp AT TIME ZONE ${s.timeZone})`,
  };
}

/** `column` falls in the period. */
export function inPeriod(column: SQL, s: Pick<ReportScope, 'from' | 'to' | 'timeZone'>): SQL {
  const b = bounds(s);
  return sql`${column} >= ${b.start} AND ${column} < ${b.end}`;
}

/** The day (YYYY-MM-DD) of `column` in the report's time zone. */
export const dayOf = (column: SQL, timeZone: string) => sql`to_char((${column} AT TIME ZONE ${timeZone})::date, 'YYYY-MM-DD')`;

/** Every day of the period, both ends included. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to && out.length <= MAX_PERIOD_DAYS; d = addDays(d, 1)) out.push(d);
  return out;
}
