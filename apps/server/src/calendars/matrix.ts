import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MatrixEntry, MatrixFixture, MatrixRole } from '../../test/matrix-types.ts';
import { calendarConnections } from '../db/schema/calendars.ts';
import { calendarSecrets } from './store.ts';

/**
 * Who may call each calendar route: any user of the client, for their own calendars. The calls that
 * read a calendar need one to answer: a small loopback server here answers CalDAV's PROPFIND and
 * REPORT with one calendar and serves an empty ICS feed. The guarded outbound client refuses
 * loopback unless OUTBOUND_ALLOW lists it, so the fixture's app allows 127.0.0.1 (as the calendar and
 * job-import tests do through their own setup).
 */
const tenantA: MatrixRole[] = ['admin', 'recruiterA', 'staffA'];

/** One answer to every PROPFIND: the asked resource (principal and home set), and the one calendar in the home. */
const multistatus = (href: string) => `<?xml version="1.0" encoding="utf-8"?>
<d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
 <d:response><d:href>${href}</d:href><d:propstat><d:prop>
  <d:current-user-principal><d:href>/principal/</d:href></d:current-user-principal>
  <c:calendar-home-set><d:href>/cal/</d:href></c:calendar-home-set>
  <d:resourcetype><d:collection/></d:resourcetype>
 </d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>
 <d:response><d:href>/cal/work/</d:href><d:propstat><d:prop>
  <d:displayname>Work</d:displayname>
  <d:resourcetype><d:collection/><c:calendar/></d:resourcetype>
  <c:supported-calendar-component-set><c:comp name="VEVENT"/></c:supported-calendar-component-set>
 </d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>
</d:multistatus>`;
const EMPTY_ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//matrix//EN\r\nEND:VCALENDAR\r\n';

let server: Promise<string> | null = null;
function loopbackCalendar(f: MatrixFixture): Promise<string> {
  const config = f.app.config as { OUTBOUND_ALLOW: string };
  if (!config.OUTBOUND_ALLOW.split(',').includes('127.0.0.1')) config.OUTBOUND_ALLOW = [config.OUTBOUND_ALLOW, '127.0.0.1'].filter(Boolean).join(',');
  server ??= new Promise((resolve) => {
    const s = http.createServer((req, res) => {
      req.resume();
      if (req.method === 'PROPFIND' && req.url?.startsWith('/.well-known/')) {
        res.writeHead(404);
        return res.end();
      }
      if (req.method === 'PROPFIND') {
        res.writeHead(207, { 'content-type': 'application/xml; charset=utf-8' });
        return res.end(multistatus(req.url ?? '/'));
      }
      if (req.method === 'REPORT') {
        res.writeHead(207, { 'content-type': 'application/xml; charset=utf-8' });
        return res.end('<?xml version="1.0" encoding="utf-8"?><d:multistatus xmlns:d="DAV:"/>');
      }
      res.writeHead(200, { 'content-type': 'text/calendar' });
      res.end(EMPTY_ICS);
    });
    s.listen(0, '127.0.0.1', () => {
      s.unref();
      resolve(`http://127.0.0.1:${(s.address() as AddressInfo).port}`);
    });
  });
  return server;
}

/** A connection of tenant A for the role making the call (each role reads and changes only its own). */
async function connectionA(f: MatrixFixture, base: string) {
  const [row] = await f.app.db
    .insert(calendarConnections)
    .values({
      clientId: f.a.client.id,
      userId: f.a.staff.id,
      kind: 'ics',
      name: 'Feed',
      source: 'ICS feed',
      secretSealed: calendarSecrets(f.app.config).seal(`${base}/feed.ics`),
    })
    .returning();
  return row;
}

export const matrix: MatrixEntry[] = [
  { method: 'GET', route: '/api/calendars/connections', allowed: tenantA, request: (f) => ({ url: `/api/calendars/connections?clientId=${f.a.client.id}` }) },
  {
    method: 'POST',
    route: '/api/calendars/caldav/discover',
    allowed: tenantA,
    request: async (f) => ({ payload: { clientId: f.a.client.id, serverUrl: `${await loopbackCalendar(f)}/`, username: 'ann', password: 'app-pass' } }),
  },
  {
    method: 'POST',
    route: '/api/calendars/connections',
    allowed: tenantA,
    request: async (f) => ({ payload: { clientId: f.a.client.id, kind: 'ics', url: `${await loopbackCalendar(f)}/feed.ics` } }),
  },
  {
    method: 'POST',
    route: '/api/calendars/connections/:id/sync',
    // Only the owner: an admin or a recruiter of the client does not sync someone else's calendar.
    allowed: ['staffA'],
    request: async (f) => ({
      url: `/api/calendars/connections/${(await connectionA(f, await loopbackCalendar(f))).id}/sync`,
      payload: { clientId: f.a.client.id },
    }),
  },
  {
    method: 'DELETE',
    route: '/api/calendars/connections/:id',
    allowed: ['staffA'],
    request: async (f) => ({ url: `/api/calendars/connections/${(await connectionA(f, await loopbackCalendar(f))).id}?clientId=${f.a.client.id}` }),
  },
  { method: 'GET', route: '/api/calendars/busy', allowed: tenantA, request: (f) => ({ url: `/api/calendars/busy?clientId=${f.a.client.id}` }) },
  {
    method: 'GET',
    route: '/api/calendars/working-hours',
    allowed: tenantA,
    request: (f) => ({ url: `/api/calendars/working-hours?clientId=${f.a.client.id}` }),
  },
  {
    method: 'PUT',
    route: '/api/calendars/working-hours',
    allowed: tenantA,
    request: (f) => ({
      payload: {
        clientId: f.a.client.id,
        timeZone: 'America/Chicago',
        days: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, on: weekday <= 5, start: '09:00', end: '17:00' })),
        bufferBeforeMinutes: 10,
        bufferAfterMinutes: 10,
        minimumNoticeMinutes: 120,
        dailyMaximum: 4,
      },
    }),
  },
];
