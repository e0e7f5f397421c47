/** Time-zone helpers of the booking page and the panel (Intl only: no time-zone data is shipped). */

/** The browser's own zone, or UTC when it names none. */
export function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Every zone the browser knows (for the zone picker), with UTC first. */
export function allZones(): string[] {
  const list = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...list.filter((z) => z !== 'UTC')];
}

/** The zone's short name at a moment ("CET", "GMT+1", "EST"). */
export function zoneAbbr(timeZone: string, at = new Date()): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

/** "Tuesday, December 1" in the zone. */
export const dayLabel = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone }).format(new Date(iso));
/** "10:30 AM" in the zone. */
export const timeLabel = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));
/** "Tuesday, December 1 at 10:30 AM (CET)" in the zone. */
export const whenLabel = (iso: string, timeZone: string) => `${dayLabel(iso, timeZone)} at ${timeLabel(iso, timeZone)} (${zoneAbbr(timeZone, new Date(iso))})`;
/** "America/New York (EST)", or just "UTC" when the short name is the zone itself. */
export function zoneName(timeZone: string, at = new Date()): string {
  const abbr = zoneAbbr(timeZone, at);
  const name = timeZone.replace(/_/g, ' ');
  return abbr === timeZone ? name : `${name} (${abbr})`;
}
