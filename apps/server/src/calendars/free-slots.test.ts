import type { WorkingHours } from '@hh/contract/calendars';
import { describe, expect, it } from 'vitest';
import { personFree, slotsIn } from './free-slots.ts';
import { busyFromIcs } from './ics-busy.ts';
import { localParts, zonedToUtc } from './time-zones.ts';

const H = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const week = (tz: string, over: Partial<WorkingHours> = {}): WorkingHours => ({
  timeZone: tz,
  days: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, on: weekday <= 5, start: '09:00', end: '17:00' })),
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minimumNoticeMinutes: 0,
  dailyMaximum: 4,
  ...over,
});
const day = (s: string) => Date.parse(s);

describe('time zones', () => {
  it('converts wall time to UTC on both sides of the DST changes', () => {
    // New York: EST (UTC−5) until 8 March 2026 02:00, EDT (UTC−4) after; back on 1 November 2026.
    expect(iso(zonedToUtc('America/New_York', 2026, 3, 6, 9))).toBe('2026-03-06T14:00:00.000Z');
    expect(iso(zonedToUtc('America/New_York', 2026, 3, 9, 9))).toBe('2026-03-09T13:00:00.000Z');
    // 02:30 does not exist on 8 March: it moves forward by the gap, to 03:30 EDT.
    expect(iso(zonedToUtc('America/New_York', 2026, 3, 8, 2, 30))).toBe('2026-03-08T07:30:00.000Z');
    // 01:30 happens twice on 1 November: the first (EDT) is taken.
    expect(iso(zonedToUtc('America/New_York', 2026, 11, 1, 1, 30))).toBe('2026-11-01T05:30:00.000Z');
    // Half-hour and southern-hemisphere zones.
    expect(iso(zonedToUtc('Asia/Kolkata', 2026, 7, 1, 9))).toBe('2026-07-01T03:30:00.000Z');
    expect(iso(zonedToUtc('Australia/Sydney', 2026, 1, 5, 9))).toBe('2026-01-04T22:00:00.000Z');
    expect(localParts(Date.parse('2026-03-09T13:00:00Z'), 'America/New_York')).toMatchObject({ hour: 9, weekday: 1 });
  });
});

describe('free spans of one person', () => {
  it('working hours follow the zone across the DST change (9–17 local is 14–22 UTC, then 13–21)', () => {
    const free = personFree(week('America/New_York'), [], [], day('2026-03-06T00:00:00Z'), day('2026-03-10T00:00:00Z'), 0);
    expect(free.map(([a, b]) => `${iso(a)}/${iso(b)}`)).toEqual([
      '2026-03-06T14:00:00.000Z/2026-03-06T22:00:00.000Z',
      '2026-03-09T13:00:00.000Z/2026-03-09T21:00:00.000Z',
    ]);
  });

  it('busy times widened by the buffers, minimum notice and the daily maximum', () => {
    const from = day('2026-06-01T00:00:00Z'); // a Monday
    const settings = week('UTC', { bufferBeforeMinutes: 30, bufferAfterMinutes: 15, minimumNoticeMinutes: 60, dailyMaximum: 1 });
    const busy: [number, number][] = [[from + 12 * H, from + 13 * H]];
    // Now is Monday 09:30: the first possible start is 10:30. Busy 12–13 blocks 11:45–13:30.
    const free = personFree(settings, busy, [], from, from + 24 * H, from + 9.5 * H);
    expect(free.map(([a, b]) => `${iso(a).slice(11, 16)}-${iso(b).slice(11, 16)}`)).toEqual(['10:30-11:45', '13:30-17:00']);
    // An interview already booked on Tuesday fills its daily maximum of 1: Tuesday is not offered.
    const booked: [number, number][] = [[from + 24 * H + 10 * H, from + 24 * H + 11 * H]];
    const tuesday = personFree(settings, [], booked, from + 24 * H, from + 48 * H, 0);
    expect(tuesday).toEqual([]);
  });

  it('slots sit on the step grid and fit in the span', () => {
    const a = day('2026-06-01T10:07:00Z');
    const slots = slotsIn([[a, a + 2 * H]], H, 15 * 60_000, 10);
    expect(slots.map((s) => s.start.toISOString().slice(11, 16))).toEqual(['10:15', '10:30', '10:45', '11:00']);
  });
});

describe('reading iCalendar', () => {
  const limits = () => ({ budget: { left: 10_000 }, maxIntervals: 100 });
  it('reads TZID times in their zone, expands rules with EXDATE and moved occurrences, skips all-day and cancelled events', () => {
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:w',
      'DTSTART;TZID=America/New_York:20260302T090000',
      'DTEND;TZID=America/New_York:20260302T100000',
      'RRULE:FREQ=WEEKLY;COUNT=4',
      'EXDATE;TZID=America/New_York:20260316T090000',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:w',
      'RECURRENCE-ID;TZID=America/New_York:20260323T090000',
      'DTSTART;TZID=America/New_York:20260323T140000',
      'DTEND;TZID=America/New_York:20260323T150000',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:allday',
      'DTSTART;VALUE=DATE:20260304',
      'DTEND;VALUE=DATE:20260305',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:c',
      'STATUS:CANCELLED',
      'DTSTART:20260305T100000Z',
      'DTEND:20260305T110000Z',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const out = busyFromIcs(ics, new Date('2026-03-01T00:00:00Z'), new Date('2026-04-01T00:00:00Z'), limits());
    expect(out.map((b) => iso(b.start.getTime())).sort()).toEqual([
      '2026-03-02T14:00:00.000Z', // EST
      '2026-03-09T13:00:00.000Z', // EDT after 8 March
      '2026-03-23T18:00:00.000Z', // the moved occurrence (14:00 EDT)
    ]);
  });

  it('a rule repeating every minute for years stops at the budget instead of stalling', () => {
    const ics = [
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'UID:x',
      'DTSTART:20000101T000000Z',
      'DTEND:20000101T000100Z',
      'RRULE:FREQ=MINUTELY',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    expect(() => busyFromIcs(ics, new Date('2026-03-01T00:00:00Z'), new Date('2026-04-01T00:00:00Z'), limits())).toThrow('too_many');
  });
});
