/**
 * Quiet hours: no text leaves between `start` and `end` (minutes after local midnight in the
 * client's time zone; start after end spans midnight, 21:00–08:00 by default). Returns when the
 * message may go, or null when it may go now. Counted in minutes of local wall-clock time, so on
 * the night a clock changes the hold can be an hour shorter or longer (documented).
 */
export function quietHoursHold(now: Date, timeZone: string, startMinute: number, endMinute: number): Date | null {
  if (startMinute === endMinute) return null;
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  const minute = get('hour') * 60 + get('minute');
  const quiet = startMinute > endMinute ? minute >= startMinute || minute < endMinute : minute >= startMinute && minute < endMinute;
  if (!quiet) return null;
  const wait = (endMinute - minute + 1440) % 1440;
  return new Date(now.getTime() + wait * 60_000 - get('second') * 1000 - now.getUTCMilliseconds());
}

/** "08:00 (America/Chicago)" for a message held until then. */
export function localTimeLabel(at: Date, timeZone: string): string {
  const f = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  return `${f} (${timeZone})`;
}
