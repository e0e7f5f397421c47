import { MAX_OFFERED_SLOTS, MIN_NOTICE_MINUTES, SLOT_HORIZON_DAYS } from '@hh/contract/chatbot';
import type { AvailabilityRange } from '../db/schema/chatbot.ts';

/**
 * The interview times the chatbot offers: each weekday range of the availability cut into slots of
 * its length, in its time zone (wall-clock times, so a daylight-saving change keeps 09:00 at 09:00),
 * from MIN_NOTICE_MINUTES after now for SLOT_HORIZON_DAYS, without the times already booked.
 */
export interface ChatSlot {
  start: Date;
  end: Date;
}

/** The UTC instant of a wall-clock time in a time zone (the zone's offset at that moment, found in two steps for DST). */
export function zonedTime(date: { y: number; m: number; d: number }, minute: number, timeZone: string): Date {
  const guess = Date.UTC(date.y, date.m - 1, date.d, Math.floor(minute / 60), minute % 60);
  const offset = (t: number) => {
    const p = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' })
        .formatToParts(new Date(t))
        .map((x) => [x.type, Number(x.value)]),
    );
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - t;
  };
  const first = guess - offset(guess);
  return new Date(guess - offset(first));
}

/** The calendar date and ISO weekday (1 Monday … 7 Sunday) of an instant in a time zone. */
function localDay(t: Date, timeZone: string) {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', weekday: 'short' })
      .formatToParts(t)
      .map((x) => [x.type, x.value]),
  );
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(p.weekday) + 1;
  return { y: Number(p.year), m: Number(p.month), d: Number(p.day), weekday };
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export function offeredSlots(input: {
  ranges: AvailabilityRange[];
  slotMinutes: number;
  timeZone: string;
  now: Date;
  booked: Date[];
  limit?: number;
}): ChatSlot[] {
  const earliest = input.now.getTime() + MIN_NOTICE_MINUTES * 60_000;
  const taken = new Set(input.booked.map((d) => d.getTime()));
  const out: ChatSlot[] = [];
  const limit = input.limit ?? MAX_OFFERED_SLOTS;
  for (let day = 0; day <= SLOT_HORIZON_DAYS && out.length < limit; day++) {
    const local = localDay(new Date(input.now.getTime() + day * 86_400_000), input.timeZone);
    for (const r of input.ranges.filter((x) => x.weekday === local.weekday)) {
      for (let m = minutes(r.start); m + input.slotMinutes <= minutes(r.end); m += input.slotMinutes) {
        const start = zonedTime(local, m, input.timeZone);
        if (start.getTime() < earliest || taken.has(start.getTime())) continue;
        out.push({ start, end: new Date(start.getTime() + input.slotMinutes * 60_000) });
        if (out.length >= limit) break;
      }
      if (out.length >= limit) break;
    }
  }
  return out.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** A slot in words in the availability's time zone, with the zone named ("Mon, Dec 1, 9:00 AM CST"). */
export function slotLabel(d: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(d);
}
/** The full date and time, for the confirmation. */
export function whenLabel(d: Date, timeZone: string): string {
  return (
    new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone }).format(d) +
    ` (${new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(d).find((p) => p.type === 'timeZoneName')?.value ?? timeZone})`
  );
}
