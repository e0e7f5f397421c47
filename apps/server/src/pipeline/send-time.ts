/** The offset of `timeZone` from UTC at `at`, in ms (positive east of Greenwich). */
function offsetMs(timeZone: string, at: Date): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** A time zone name Intl knows, else UTC (clients.time_zone is free text from the client form). */
export function validTimeZone(tz: string | null | undefined): string {
  if (!tz) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz;
  } catch {
    return 'UTC';
  }
}

/**
 * 09:00 on the day after `now` in the client's time zone (the default send time of a rejection email:
 * a rejection that arrives the next morning reads as considered, not automatic).
 */
export function nextMorning(timeZone: string | null | undefined, now = new Date()): Date {
  const tz = validTimeZone(timeZone);
  const local = new Date(now.getTime() + offsetMs(tz, now));
  const target = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 1, 9, 0, 0);
  // The offset at the target itself (a daylight-saving change overnight), found in two steps.
  let guess = target - offsetMs(tz, new Date(target));
  guess = target - offsetMs(tz, new Date(guess));
  return new Date(guess);
}
