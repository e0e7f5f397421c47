import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { messages } from '@hh/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRadicale, type Radicale } from '../../test/radicale.ts';
import { countRows, createTenant, nextMondayUtc, setupTestApp, type TestApp } from '../../test/helpers.ts';
import { depsOf } from '../core/deps.ts';
import { freeSlots } from './index.ts';

const m = messages.calendars;
let t: TestApp;
let radicale: Radicale;
let calendarUrl: string;
let feeds: http.Server;
let feedBase: string;
let A: Awaited<ReturnType<typeof createTenant>>;
let B: Awaited<ReturnType<typeof createTenant>>;
type Auth = { headers: Record<string, string> };

const HOUR = 3_600_000;
const at = (day: Date, h: number, min = 0) => new Date(day.getTime() + h * HOUR + min * 60_000);
const icsStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

let feedBody = '';
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth: Auth, payload?: object) =>
  t.app.inject({ method, url, headers: auth.headers, payload });
const errorOf = (res: { json(): unknown }) => (res.json() as { errorMsg: Record<string, string[]> }).errorMsg;

beforeAll(async () => {
  // The guarded outbound client refuses loopback; the tests allow exactly 127.0.0.1, where Radicale and the feed server listen.
  t = await setupTestApp({ OUTBOUND_ALLOW: '127.0.0.1' });
  radicale = await startRadicale();
  calendarUrl = await radicale.createCalendar('Work');
  feeds = http.createServer((req, res) => {
    if (req.url === '/huge.ics') {
      res.writeHead(200, { 'content-type': 'text/calendar' });
      const chunk = `BEGIN:VCALENDAR\r\n${'X-FILLER:'.padEnd(1000, 'x')}\r\n`.repeat(64);
      let sent = 0;
      const pump = () => {
        while (sent < 7 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return res.once('drain', pump);
        }
        res.end();
      };
      return pump();
    }
    if (req.url === '/bad.ics') {
      res.writeHead(200, { 'content-type': 'text/calendar' });
      return res.end('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:not-a-date\r\n');
    }
    if (req.url === '/page') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<!doctype html><title>Calendar</title>');
    }
    res.writeHead(200, { 'content-type': 'text/calendar' });
    res.end(feedBody);
  });
  await new Promise<void>((r) => feeds.listen(0, '127.0.0.1', () => r()));
  feedBase = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`;
  A = await createTenant(t.app);
  B = await createTenant(t.app);
}, 120_000);
afterAll(async () => {
  await radicale?.stop();
  await new Promise((r) => feeds?.close(r));
  await t?.close();
});

describe('CalDAV connections against a real Radicale', () => {
  it('a wrong app password is a 400 in words and stores nothing', async () => {
    const res = await call('POST', '/api/calendars/connections', A.staffAuth, {
      clientId: A.client.id,
      kind: 'caldav',
      serverUrl: radicale.url,
      username: radicale.username,
      password: 'wrong-password',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toEqual({ calendars: [m.wrongPassword] });
    expect(await countRows(t.app, 'calendar_connections')).toBe(0);
  });

  it('discovers the calendars of the account', async () => {
    const res = await call('POST', '/api/calendars/caldav/discover', A.staffAuth, {
      clientId: A.client.id,
      serverUrl: radicale.url,
      username: radicale.username,
      password: radicale.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().calendars).toEqual([{ url: calendarUrl, name: 'Work' }]);
  });

  it('connects, seals the password, reads busy times; Sync now picks up new events; free slots exclude them', async () => {
    const monday = nextMondayUtc(2);
    await radicale.putEvent(calendarUrl, { uid: 'standup', start: at(monday, 10), end: at(monday, 11), summary: 'Private: dentist' });
    const res = await call('POST', '/api/calendars/connections', A.staffAuth, {
      clientId: A.client.id,
      kind: 'caldav',
      serverUrl: radicale.url,
      username: radicale.username,
      password: radicale.password,
      calendarUrl,
    });
    expect(res.statusCode).toBe(201);
    const conn = res.json();
    expect(conn).toMatchObject({ kind: 'caldav', name: 'Work', busyCount: 1, lastError: null, message: m.connected('Work') });
    expect(conn.lastSyncedAt).toBeTruthy();
    // The app password is sealed at rest: not in the row as written.
    const stored = await t.app.db.execute(sql`SELECT secret_sealed FROM calendar_connections WHERE id = ${conn.id}`);
    const sealed = (stored.rows[0] as { secret_sealed: string }).secret_sealed;
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(sealed).not.toContain(radicale.password);
    // Only times are kept: the event's title is nowhere in the database's copy.
    const busy = await call('GET', `/api/calendars/busy?clientId=${A.client.id}`, A.staffAuth);
    expect(busy.statusCode).toBe(200);
    expect(busy.json().results).toEqual([
      { start: at(monday, 10).toISOString(), end: at(monday, 11).toISOString(), connectionId: conn.id, calendarName: 'Work' },
    ]);

    await radicale.putEvent(calendarUrl, { uid: 'review', start: at(monday, 14), end: at(monday, 15, 30) });
    const synced = await call('POST', `/api/calendars/connections/${conn.id}/sync`, A.staffAuth, { clientId: A.client.id });
    expect(synced.statusCode).toBe(200);
    expect(synced.json()).toMatchObject({ busyCount: 2, lastError: null, message: m.synced(2) });

    // Working hours 09:00–17:00 UTC on Mondays, 15 minutes' buffer after an interview.
    const wh = await call('PUT', '/api/calendars/working-hours', A.staffAuth, {
      clientId: A.client.id,
      timeZone: 'UTC',
      days: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, on: weekday === 1, start: '09:00', end: '17:00' })),
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 15,
      minimumNoticeMinutes: 0,
      dailyMaximum: 4,
    });
    expect(wh.statusCode).toBe(200);
    const slots = await freeSlots(depsOf(t.app), {
      clientId: A.client.id,
      userIds: [A.staff.id],
      from: at(monday, 0),
      to: at(monday, 24),
      durationMinutes: 60,
      stepMinutes: 30,
    });
    const starts = slots.map((s) => s.start.toISOString().slice(11, 16));
    // Busy 10–11 (so 9:00 would end at 10:00 but needs 15 min after: refused) and 14–15:30.
    expect(starts).toEqual(['11:00', '11:30', '12:00', '12:30', '15:30', '16:00']);
  });

  it('another tenant cannot see, sync or remove the connection; another user of the client does not see it', async () => {
    const [{ id }] = (await t.app.db.execute(sql`SELECT id FROM calendar_connections WHERE client_id = ${A.client.id}`)).rows as { id: string }[];
    const other = await call('POST', `/api/calendars/connections/${id}/sync`, B.staffAuth, { clientId: B.client.id });
    expect(other.statusCode).toBe(404);
    const list = await call('GET', `/api/calendars/connections?clientId=${A.client.id}`, A.recruiterAuth);
    expect(list.json()).toEqual({ results: [], totalCount: 0 });
  });

  it('a private address is refused before any request is made; an unreachable server is named', async () => {
    const priv = await call('POST', '/api/calendars/connections', A.staffAuth, {
      clientId: A.client.id,
      kind: 'caldav',
      serverUrl: 'http://169.254.169.254/dav/',
      username: 'x',
      password: 'y',
    });
    expect(priv.statusCode).toBe(400);
    expect(errorOf(priv)).toEqual({ calendars: [m.privateAddress] });
    const closed = await new Promise<number>((resolve) => {
      const s = http.createServer();
      s.listen(0, '127.0.0.1', () => {
        const { port } = s.address() as AddressInfo;
        s.close(() => resolve(port));
      });
    });
    const unreachable = await call('POST', '/api/calendars/caldav/discover', A.staffAuth, {
      clientId: A.client.id,
      serverUrl: `http://127.0.0.1:${closed}/`,
      username: 'x',
      password: 'y',
    });
    expect(unreachable.statusCode).toBe(400);
    expect(errorOf(unreachable)).toEqual({ calendars: [m.unreachable] });
  });
});

describe('ICS feeds', () => {
  it('a feed’s events (a weekly rule; one marked free is not busy) block slots; the feed address stays out of replies', async () => {
    const monday = nextMondayUtc(1);
    feedBody = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//test//EN',
      'BEGIN:VEVENT',
      'UID:weekly-1',
      `DTSTAMP:${icsStamp(new Date())}`,
      `DTSTART:${icsStamp(at(monday, 12))}`,
      `DTEND:${icsStamp(at(monday, 13))}`,
      'RRULE:FREQ=WEEKLY;COUNT=3',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:free-1',
      `DTSTAMP:${icsStamp(new Date())}`,
      `DTSTART:${icsStamp(at(monday, 15))}`,
      `DTEND:${icsStamp(at(monday, 16))}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const res = await call('POST', '/api/calendars/connections', A.recruiterAuth, {
      clientId: A.client.id,
      kind: 'ics',
      url: `${feedBase}/team.ics?token=s3cret`,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'ics', busyCount: 3, source: `ICS feed from ${new URL(feedBase).host}` });
    expect(JSON.stringify(res.json())).not.toContain('s3cret');
    const slots = await freeSlots(depsOf(t.app), {
      clientId: A.client.id,
      userIds: [A.recruiter.id],
      from: at(monday, 0),
      to: at(monday, 24),
      durationMinutes: 60,
      stepMinutes: 60,
      now: at(monday, -48),
    });
    // Default hours: Monday–Friday 09:00–17:00 in the client's zone (UTC here); 12–13 busy, 15–16 marked free.
    expect(slots.map((s) => s.start.getUTCHours())).toEqual([9, 10, 11, 13, 14, 15, 16]);
  });

  it('a huge feed, a malformed feed and a web page are refused with their message; nothing is written', async () => {
    const before = await countRows(t.app, 'calendar_connections');
    const huge = await call('POST', '/api/calendars/connections', A.staffAuth, { clientId: A.client.id, kind: 'ics', url: `${feedBase}/huge.ics` });
    expect(huge.statusCode).toBe(400);
    expect(errorOf(huge)).toEqual({ calendars: [m.feedTooLarge(5)] });
    const bad = await call('POST', '/api/calendars/connections', A.staffAuth, { clientId: A.client.id, kind: 'ics', url: `${feedBase}/bad.ics` });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toEqual({ calendars: [m.feedMalformed] });
    const page = await call('POST', '/api/calendars/connections', A.staffAuth, { clientId: A.client.id, kind: 'ics', url: `${feedBase}/page` });
    expect(errorOf(page)).toEqual({ calendars: [m.feedMalformed] });
    const priv = await call('POST', '/api/calendars/connections', A.staffAuth, { clientId: A.client.id, kind: 'ics', url: 'webcal://10.1.2.3/cal.ics' });
    expect(priv.statusCode).toBe(400);
    expect(errorOf(priv)).toEqual({ calendars: [m.privateAddress] });
    expect(await countRows(t.app, 'calendar_connections')).toBe(before);
  });

  it('a feed that breaks later keeps its busy times and shows the error in words; removing it frees the time', async () => {
    const [{ id }] = (await t.app.db.execute(sql`SELECT id FROM calendar_connections WHERE client_id = ${A.client.id} AND kind = 'ics'`)).rows as {
      id: string;
    }[];
    feedBody = 'this is not a calendar';
    const res = await call('POST', `/api/calendars/connections/${id}/sync`, A.recruiterAuth, { clientId: A.client.id });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toEqual({ calendars: [m.feedMalformed] });
    const list = (await call('GET', `/api/calendars/connections?clientId=${A.client.id}`, A.recruiterAuth)).json();
    expect(list.results[0]).toMatchObject({ id, lastError: m.feedMalformed, busyCount: 3 });
    const del = await call('DELETE', `/api/calendars/connections/${id}?clientId=${A.client.id}`, A.recruiterAuth);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: m.removed });
    expect(await countRows(t.app, 'calendar_busy', `connection_id = '${id}'`)).toBe(0);
  });
});

describe('working hours', () => {
  it('defaults until saved; refuses an unknown zone and a day ending before it starts', async () => {
    const get = await call('GET', `/api/calendars/working-hours?clientId=${B.client.id}`, B.staffAuth);
    expect(get.json()).toMatchObject({ saved: false, timeZone: 'UTC', dailyMaximum: 4 });
    const base = { clientId: B.client.id, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minimumNoticeMinutes: 60, dailyMaximum: 3 };
    const days = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, on: weekday < 6, start: '09:00', end: '17:00' }));
    const zone = await call('PUT', '/api/calendars/working-hours', B.staffAuth, { ...base, timeZone: 'Mars/Olympus', days });
    expect(zone.statusCode).toBe(400);
    expect(errorOf(zone)).toEqual({ timeZone: [m.unknownTimeZone] });
    const backwards = await call('PUT', '/api/calendars/working-hours', B.staffAuth, {
      ...base,
      timeZone: 'Europe/Berlin',
      days: days.map((d) => (d.weekday === 2 ? { ...d, start: '18:00' } : d)),
    });
    expect(errorOf(backwards)).toEqual({ days: [m.endBeforeStart('Tuesday')] });
    const ok = await call('PUT', '/api/calendars/working-hours', B.staffAuth, { ...base, timeZone: 'Europe/Berlin', days });
    expect(ok.json()).toMatchObject({ saved: true, timeZone: 'Europe/Berlin', message: m.workingHoursSaved });
  });
});
