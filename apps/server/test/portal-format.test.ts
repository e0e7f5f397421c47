import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { deliveryLabels, labelOf, privacyActionLabels, sourceLabels, statusLabels } from '@hh/contract/labels';
import { describe, expect, it } from 'vitest';
import { dayKey, formatCalendarDay, formatDate, formatDay, formatNumber, formatTime, formatTimeRange, zoneAbbr, zonedParts } from '../../web/src/lib/format.ts';

/**
 * The portal's one date formatter (apps/web/src/lib/format.ts) and its one table of words
 * (packages/contract/src/labels.ts). The portal has no test runner of its own; these are plain
 * functions, so the server's Vitest runs them. Outputs are Node's ICU, the same CLDR data Chromium uses.
 */
const AT = '2026-11-23T15:05:00Z';
const flat = (s: string) => s.replace(/\s/g, ' ');

describe('dates: the time zone named, the locale followed', () => {
  it('a moment names its zone and is written the way the locale writes it', () => {
    expect(flat(formatDate(AT, 'America/Chicago', 'en-US'))).toBe('Nov 23, 2026, 9:05 AM CST');
    expect(flat(formatDate(AT, 'Europe/Berlin', 'de-DE'))).toBe('23. Nov. 2026, 16:05 MEZ');
    expect(flat(formatDate(AT, 'Europe/Berlin', 'en-GB'))).toBe('23 Nov 2026, 16:05 CET');
    // The same moment in another zone is another hour, and says so.
    expect(flat(formatDate(AT, 'Asia/Tokyo', 'en-US'))).toBe('Nov 24, 2026, 12:05 AM GMT+9');
    expect(formatDate(null, 'UTC')).toBe('');
  });

  it('a day, a time and a time range', () => {
    expect(formatDay(AT, 'Pacific/Auckland', 'medium', 'en-US')).toBe('Nov 24, 2026');
    expect(formatDay(AT, 'UTC', 'long', 'en-GB')).toBe('23 November 2026');
    expect(formatDay(AT, 'UTC', 'weekday', 'de-DE')).toBe('Montag, 23. November');
    expect(flat(formatTime(AT, 'America/New_York', true, 'en-US'))).toBe('10:05 AM EST');
    expect(flat(formatTime(AT, 'America/New_York', false, 'de-DE'))).toBe('10:05');
    const end = '2026-11-23T16:00:00Z';
    expect(flat(formatTimeRange(AT, end, 'America/New_York', true, 'en-US'))).toBe('Nov 23, 2026, 10:05 – 11:00 AM EST');
    expect(flat(formatTimeRange(AT, end, 'Europe/Berlin', false, 'en-GB'))).toBe('16:05–17:00 CET');
  });

  it('a calendar day is never shifted by a zone', () => {
    expect(formatCalendarDay('2026-03-01', 'medium', 'en-US')).toBe('Mar 1, 2026');
    expect(formatCalendarDay('2026-03-01', 'short', 'de-DE')).toBe('1. März');
    expect(formatCalendarDay(Date.UTC(2026, 2, 1), 'weekday-short', 'en-US')).toBe('Sun, Mar 1');
    expect(formatCalendarDay('')).toBe('');
  });

  it('zone names, wall-clock parts, day keys and numbers', () => {
    expect(zoneAbbr('Europe/Berlin', new Date(AT), 'en-GB')).toBe('CET');
    expect(zoneAbbr('Europe/Berlin', new Date('2026-07-01T12:00:00Z'), 'de-DE')).toBe('MESZ');
    expect(zonedParts(AT, 'Asia/Kolkata')).toEqual({ year: 2026, month: 11, day: 23, hour: 20, minute: 35 });
    expect(zonedParts('2026-11-23T23:30:00Z', 'UTC').hour).toBe(23);
    expect(dayKey(AT, 'Pacific/Kiritimati')).toBe('2026-11-24');
    expect(flat(formatNumber(12480.5, 'de-DE'))).toBe('12.480,5');
    expect(formatNumber(12480, 'en-US')).toBe('12,480');
  });

  it('an unknown zone falls back to the browser’s own and still names it', () => {
    const warn = console.warn;
    const warned: string[] = [];
    console.warn = (m: string) => warned.push(m);
    try {
      expect(formatDate(AT, 'Mars/Olympus', 'en-US')).toMatch(/^Nov 2[34], 2026, .+ (UTC|GMT.*|[A-Z]{3,4})$/);
    } finally {
      console.warn = warn;
    }
    expect(warned).toEqual(['Unknown time zone "Mars/Olympus"; dates use the browser\'s']);
  });
});

describe('words: one table for every code', () => {
  it('codes read as the contract words them; an unknown code reads as words', () => {
    expect(labelOf(sourceLabels, 'careersite')).toBe('Career site');
    expect(labelOf(sourceLabels, 'indeed')).toBe('Indeed');
    expect(labelOf(sourceLabels, 'manual')).toBe('Added by hand');
    expect(labelOf(statusLabels, 'instant')).toBe('At once');
    expect(labelOf(statusLabels, 'succeeded')).toBe('Finished');
    expect(labelOf(statusLabels, 'In Progress')).toBe('In progress');
    expect(labelOf(statusLabels, 'Pending Review')).toBe('Waiting for review');
    expect(labelOf(deliveryLabels, 'failed')).toBe('Not delivered');
    expect(labelOf(privacyActionLabels, 'exported-files')).toBe('Exported files');
    expect(labelOf(sourceLabels, 'jobFairSpring')).toBe('Job fair spring');
    expect(labelOf(statusLabels, 'on_hold')).toBe('On hold');
    expect(labelOf(statusLabels, null)).toBe('');
    expect(labelOf(statusLabels, undefined)).toBe('');
  });

  it('no portal file keeps a table of its own for sources or statuses', () => {
    const WEB = path.resolve(import.meta.dirname, '../../web/src');
    const walk = (d: string): string[] =>
      readdirSync(d).flatMap((f) => (statSync(path.join(d, f)).isDirectory() ? walk(path.join(d, f)) : /\.tsx?$/.test(f) ? [path.join(d, f)] : []));
    // A local table that words a code is a second place to keep in step with the contract.
    // (Colour tables map the same codes to lower-case colour names; words start with a capital.)
    const copies = /\b(careersite|indeed|manual|instant|succeeded|scheduled)\s*:\s*['"`][A-Z]|'Pending Review'\s*:\s*['"`][A-Z]/;
    const found = walk(WEB)
      .filter((f) => copies.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(WEB, f));
    expect(found).toEqual([]);
  });
});
