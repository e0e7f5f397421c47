/**
 * A moment as people read it, with its zone named: "Friday, December 4, 2026 at 9:29 AM (UTC)".
 * Shared by the scheduling mails and the invitation mail (a raw `toUTCString()` reads as machine text).
 */
export function formatWhen(d: Date, timeZone: string): string {
  return `${new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone }).format(d)} (${zoneLabel(d, timeZone)})`;
}
const zoneLabel = (d: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(d).find((p) => p.type === 'timeZoneName')?.value ?? timeZone;

/** The zone to write a client's dates in: its own `timeZone` when it is one the runtime knows (a free text field), else UTC. */
export function zoneOrUtc(timeZone: string | null | undefined): string {
  if (!timeZone?.trim()) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timeZone.trim() });
    return timeZone.trim();
  } catch {
    return 'UTC';
  }
}
