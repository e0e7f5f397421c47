import { isTimeZone } from '@hh/contract/reports';
import { dayKey } from '../../lib/format.ts';

const DAY = 86_400_000;

/** The zone the server counts in when none is asked for: the client's (a real zone name), else UTC. */
export const zoneOfClient = (tz: string | null | undefined) => (tz && isTimeZone(tz) ? tz : 'UTC');

/** Today (YYYY-MM-DD) in `timeZone`. */
export const todayIn = (timeZone: string, now = new Date()) => dayKey(now.toISOString(), timeZone);

/** The last `days` days up to today in `timeZone`, both ends included. */
export function lastDays(days: number, timeZone: string, now = new Date()) {
  const to = todayIn(timeZone, now);
  return { from: new Date(Date.parse(to) - (days - 1) * DAY).toISOString().slice(0, 10), to };
}

// The day and figure labels are day-format.ts's (Home reads them without the contract's report schemas).
export { dayLabel, daysText, pct } from './day-format.ts';
