import { browserZone, formatDay, formatTime, zoneAbbr } from '../../lib/format.ts';

/**
 * Time-zone helpers of the booking page and the panel (Intl only: no time-zone data is shipped). The
 * dates themselves come from lib/format.ts, the portal's one formatter: the user's locale, the zone
 * named. These screens show the interview's zone (the candidate's or the interviewer's choice).
 */
export { browserZone, zoneAbbr };

/** Every zone the browser knows (for the zone picker), with UTC first. */
export function allZones(): string[] {
  const list = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...list.filter((z) => z !== 'UTC')];
}

/** "Tuesday, December 1" in the zone, in the user's locale. */
export const dayLabel = (iso: string, timeZone: string) => formatDay(iso, timeZone, 'weekday');
/** "10:30 AM" in the zone, in the user's locale (the zone is named beside a list of these, or by whenLabel). */
export const timeLabel = (iso: string, timeZone: string) => formatTime(iso, timeZone, false);
/** "Tuesday, December 1 at 10:30 AM (CET)" in the zone. */
export const whenLabel = (iso: string, timeZone: string) => `${dayLabel(iso, timeZone)} at ${timeLabel(iso, timeZone)} (${zoneAbbr(timeZone, new Date(iso))})`;
/** "America/New York (EST)", or just "UTC" when the short name is the zone itself. */
export function zoneName(timeZone: string, at = new Date()): string {
  const abbr = zoneAbbr(timeZone, at);
  const name = timeZone.replace(/_/g, ' ');
  return abbr === timeZone ? name : `${name} (${abbr})`;
}
