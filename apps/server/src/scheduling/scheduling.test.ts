import { messages } from '@hh/contract/messages';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import net from 'node:net';
import { createDAVClient } from 'tsdav';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRadicale, type Radicale } from '../../test/radicale.ts';
import { countRows, createJobViaApi, createTenant, createUser, nextMondayUtc, setupTestApp, signIn, startSmtp, type TestApp } from '../../test/helpers.ts';
import { depsOf } from '../core/deps.ts';
import { calendarWorkingHours } from '../db/schema/calendars.ts';
import { applications, candidates } from '../db/schema/candidates.ts';
import { type LoopbackTwilio, startLoopbackTwilio } from '../conversations/sms/loopback-twilio.ts';
import { CALENDAR_COPY_QUEUE, clockTime, RETRY_MINUTES, runCalendarCopy } from './calendar-copies.ts';
import { REMINDER_QUEUE, sendInterviewReminder } from './reminders.ts';
import { formatWhen } from './slots.ts';

const m = messages.scheduling;
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let radicale: Radicale;
let twilio: LoopbackTwilio;
let calendarUrl: string;
let A: Awaited<ReturnType<typeof createTenant>>;
let B: Awaited<ReturnType<typeof createTenant>>;
type Auth = Record<string, string>;
type Person = { id: string; email: string; auth: Auth };
let ann: Person;
let ben: Person;
let jobId: string;
let panelId: string;
let shortId: string;
let emptyId: string;
let connectionId: string;

const HOUR = 3_600_000;
const monday = nextMondayUtc(); // inside a 14-day window
const at = (h: number, min = 0, day = monday) => new Date(day.getTime() + h * HOUR + min * 60_000);
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Auth, payload?: object) => t.app.inject({ method, url, headers, payload });
const pub = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, payload });
const errorOf = (res: { json(): unknown }) => (res.json() as { errorMsg: Record<string, string[]> }).errorMsg;

async function person(clientId: string): Promise<Person> {
  const u = await createUser(t.app, { role: 'user', clientId });
  // UTC working hours, Monday to Friday 9–17, up to 8 interviews a day, no notice beyond an hour.
  await t.app.db.insert(calendarWorkingHours).values({
    clientId,
    userId: u.id,
    timeZone: 'UTC',
    days: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, on: weekday <= 5, start: '09:00', end: '17:00' })),
    minimumNoticeMinutes: 60,
    dailyMaximum: 8,
  });
  return { id: u.id, email: u.email, auth: (await signIn(t.app, u.email)).headers };
}

async function applicationTo(name: string, job = jobId, phone: string | null = null) {
  const email = `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@cand.example`;
  const [c] = await t.app.db.insert(candidates).values({ clientId: A.client.id, email, firstName: name, lastName: 'Rivera', phone }).returning();
  const [a] = await t.app.db.insert(applications).values({ clientId: A.client.id, candidateId: c.id, jobId: job }).returning();
  return { id: a.id, email };
}

/** Waits for a mail to `to` whose subject starts with `subject`; parsed, with its attachments. */
async function mailTo(to: string, subject: string, timeoutMs = 15000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const x of smtp.mails.filter((x) => x.to.includes(to))) {
      const parsed = await simpleParser(x.raw);
      if (parsed.subject?.startsWith(subject)) return parsed;
    }
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const icsOf = (mail: Awaited<ReturnType<typeof mailTo>>) => mail.attachments.find((a) => a.filename?.endsWith('.ics'))?.content.toString('utf8') ?? '';

async function sendLink(applicationId: string, interviewId: string, windowDays = 14) {
  const res = await call('POST', `/api/applications/${applicationId}/scheduling-links`, A.recruiterAuth.headers, {
    clientId: A.client.id,
    interviewId,
    windowDays,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
/** The token from the link in the candidate's mail. */
async function tokenFromMail(email: string) {
  const mail = await mailTo(email, 'Choose a time for your interview');
  const match = /\/schedule\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
  if (!match) throw new Error('no link in the mail');
  return match[1];
}

/** Reads until `ok` holds (the queue writes calendar copies after the booking answers), or returns the last read after `ms`. */
async function settled<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 15000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}
/** The Radicale events with this UID, once `ok` holds of them. */
const eventsOf = (uid: string, ok: (events: string[]) => boolean) => settled(async () => (await radicaleEvents()).filter((e) => e.includes(`UID:${uid}`)), ok);

async function radicaleEvents(url = calendarUrl) {
  const dav = await createDAVClient({
    serverUrl: radicale.url,
    credentials: { username: radicale.username, password: radicale.password },
    authMethod: 'Basic',
    defaultAccountType: 'caldav',
  });
  return (await dav.fetchCalendarObjects({ calendar: { url } })).map((o) => String(o.data));
}

beforeAll(async () => {
  smtp = await startSmtp();
  // Twilio's REST API played on loopback (as the conversations tests do): the reminders' texts are sent there.
  twilio = await startLoopbackTwilio({ publicUrl: 'https://hire.example.test' });
  t = await setupTestApp({ SMTP_URL: smtp.url, OUTBOUND_ALLOW: '127.0.0.1', TWILIO_API_BASE: twilio.url });
  radicale = await startRadicale();
  calendarUrl = await radicale.createCalendar('Work');
  A = await createTenant(t.app);
  B = await createTenant(t.app);
  ann = await person(A.client.id);
  ben = await person(A.client.id);
  // Ann's calendar has a busy hour on Monday 13:00–14:00 UTC: no slot may overlap it.
  await radicale.putEvent(calendarUrl, { uid: 'lunch-talk', start: at(13), end: at(14), summary: 'Private' });
  const conn = await call('POST', '/api/calendars/connections', ann.auth, {
    clientId: A.client.id,
    kind: 'caldav',
    serverUrl: radicale.url,
    username: radicale.username,
    password: radicale.password,
    calendarUrl,
  });
  expect(conn.statusCode, conn.body).toBe(201);
  connectionId = conn.json().id;
  jobId = (await createJobViaApi(t.app, A.staffAuth.headers, A.client.id, { title: 'ICU Nurse' }))._id;
  const plan = await call('PUT', `/api/jobs/${jobId}/interview-plan`, A.recruiterAuth.headers, {
    clientId: A.client.id,
    interviews: [
      { name: 'Clinical panel', durationMinutes: 60, interviewerIds: [ann.id, ben.id] },
      { name: 'Quick screen', durationMinutes: 30, interviewerIds: [ann.id] },
      { name: 'Unstaffed', durationMinutes: 30, interviewerIds: [] },
    ],
    attributes: [],
  });
  expect(plan.statusCode, plan.body).toBe(200);
  [panelId, shortId, emptyId] = plan.json().interviews.map((i: { id: string }) => i.id);
}, 120_000);
afterAll(async () => {
  await radicale?.stop();
  await t?.close();
  await smtp?.close();
  await twilio?.close();
});

describe('sending a link', () => {
  it('mails the candidate a link whose secret is not stored, and lists it on the application', async () => {
    const app = await applicationTo('Maya');
    const body = await sendLink(app.id, panelId);
    expect(body.message).toBe(m.linkSent(app.email));
    expect(body.schedule).toMatchObject({ interviewName: 'Clinical panel', durationMinutes: 60, state: 'sent', startsAt: null });
    expect(body.schedule.interviewers.map((p: { id: string }) => p.id).sort()).toEqual([ann.id, ben.id].sort());
    const token = await tokenFromMail(app.email);
    expect(token).toHaveLength(75);
    const secret = Buffer.from(token, 'base64url').subarray(32).toString('hex');
    expect(await countRows(t.app, 'scheduling_links', `secret_hash LIKE '%${secret}%'`)).toBe(0);
    const list = await call('GET', `/api/applications/${app.id}/scheduled-interviews?clientId=${A.client.id}`, A.staffAuth.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json().results.map((r: { id: string }) => r.id)).toEqual([body.schedule.id]);
  });

  it('refuses an interview of another job, one without interviewers, and a bad window; another tenant gets 404', async () => {
    const app = await applicationTo('Noor');
    const otherJob = (await createJobViaApi(t.app, A.staffAuth.headers, A.client.id, { title: 'ER Nurse' }))._id;
    const otherPlan = await call('PUT', `/api/jobs/${otherJob}/interview-plan`, A.recruiterAuth.headers, {
      clientId: A.client.id,
      interviews: [{ name: 'Elsewhere', durationMinutes: 30, interviewerIds: [ann.id] }],
      attributes: [],
    });
    const url = `/api/applications/${app.id}/scheduling-links`;
    const foreign = await call('POST', url, A.recruiterAuth.headers, { clientId: A.client.id, interviewId: otherPlan.json().interviews[0].id });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).interviewId).toEqual([m.interviewNotFound]);
    const empty = await call('POST', url, A.recruiterAuth.headers, { clientId: A.client.id, interviewId: emptyId });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).interviewId).toEqual([m.noInterviewers]);
    const tooLong = await call('POST', url, A.recruiterAuth.headers, { clientId: A.client.id, interviewId: panelId, windowDays: 90 });
    expect(tooLong.statusCode).toBe(400);
    const other = await call('POST', url, B.recruiterAuth.headers, { clientId: B.client.id, interviewId: panelId });
    expect(other.statusCode).toBe(404);
    expect(await countRows(t.app, 'scheduling_links', `application_id = '${app.id}'`)).toBe(0);
  });
});

describe('the public booking page', () => {
  it('offers only times when every interviewer is free, with a whitelisted reply', async () => {
    const app = await applicationTo('Ines');
    await sendLink(app.id, panelId);
    const token = await tokenFromMail(app.email);
    const res = await pub('GET', `/api/scheduling/${token}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['booking', 'companyName', 'durationMinutes', 'expiresAt', 'interviewName', 'jobTitle', 'slots', 'state']);
    expect(body).toMatchObject({
      companyName: A.client.name,
      jobTitle: 'ICU Nurse',
      interviewName: 'Clinical panel',
      durationMinutes: 60,
      state: 'open',
      booking: null,
    });
    expect(res.body).not.toContain(ann.email);
    const starts: string[] = body.slots.map((s: { start: string }) => s.start);
    expect(starts).toContain(at(12).toISOString());
    expect(starts).toContain(at(14).toISOString());
    // Ann's busy hour 13–14: a 60-minute slot from 12:15 to 13:45 would overlap it.
    for (const h of [12.25, 12.5, 12.75, 13, 13.25, 13.5, 13.75]) expect(starts).not.toContain(new Date(monday.getTime() + h * HOUR).toISOString());
    expect(starts).not.toContain(at(8).toISOString());

    // A meeting added to Ann's calendar after the link was sent: once synced, its time is no longer offered.
    const thursday = new Date(monday.getTime() + 3 * 86_400_000);
    expect(starts).toContain(at(14, 0, thursday).toISOString());
    await radicale.putEvent(calendarUrl, { uid: 'late-meeting', start: at(14, 0, thursday), end: at(15, 0, thursday) });
    const sync = await call('POST', `/api/calendars/connections/${connectionId}/sync`, ann.auth, { clientId: A.client.id });
    expect(sync.statusCode, sync.body).toBe(200);
    const later = (await pub('GET', `/api/scheduling/${token}`)).json().slots.map((s: { start: string }) => s.start);
    expect(later).not.toContain(at(14, 0, thursday).toISOString());
    expect(later).toContain(at(15, 0, thursday).toISOString());
  });

  it('answers a tampered or unknown link with 404 and an expired one with 410', async () => {
    const app = await applicationTo('Omar');
    await sendLink(app.id, shortId);
    const token = await tokenFromMail(app.email);
    const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    const bad = await pub('GET', `/api/scheduling/${tampered}`);
    expect(bad.statusCode).toBe(404);
    expect(errorOf(bad).scheduling).toEqual([m.linkInvalid]);
    expect((await pub('GET', '/api/scheduling/not-a-token')).statusCode).toBe(404);
    const book = await pub('POST', `/api/scheduling/${tampered}/book`, { start: at(10).toISOString(), timeZone: 'UTC' });
    expect(book.statusCode).toBe(404);
    await t.app.db.execute(sql.raw(`UPDATE scheduling_links SET expires_at = now() - interval '1 minute' WHERE application_id = '${app.id}'`));
    const expired = await pub('GET', `/api/scheduling/${token}`);
    expect(expired.statusCode).toBe(410);
    expect(errorOf(expired).scheduling).toEqual([m.linkExpired]);
    const late = await pub('POST', `/api/scheduling/${token}/book`, { start: at(10).toISOString(), timeZone: 'UTC' });
    expect(late.statusCode).toBe(410);
    expect(await countRows(t.app, 'scheduled_interviews', `application_id = '${app.id}'`)).toBe(0);
  });
});

describe('booking, rescheduling and cancelling', () => {
  let token: string;
  let candidateEmail: string;
  let applicationId: string;

  it('refuses a past time, a time not offered and an unknown zone, writing nothing', async () => {
    const app = await applicationTo('Lena');
    applicationId = app.id;
    candidateEmail = app.email;
    await sendLink(app.id, panelId);
    token = await tokenFromMail(app.email);
    const past = await pub('POST', `/api/scheduling/${token}/book`, { start: new Date(Date.now() - HOUR).toISOString(), timeZone: 'UTC' });
    expect(past.statusCode).toBe(400);
    expect(errorOf(past).start).toEqual([m.slotPast]);
    const night = await pub('POST', `/api/scheduling/${token}/book`, { start: at(3).toISOString(), timeZone: 'UTC' });
    expect(night.statusCode).toBe(400);
    expect(errorOf(night).start).toEqual([m.slotNotOffered]);
    const zone = await pub('POST', `/api/scheduling/${token}/book`, { start: at(10).toISOString(), timeZone: 'Mars/Olympus' });
    expect(zone.statusCode).toBe(400);
    expect(errorOf(zone).timeZone).toEqual([m.unknownTimeZone]);
    for (const what of ['cancel', 'reschedule']) {
      const early = await pub('POST', `/api/scheduling/${token}/${what}`, what === 'cancel' ? {} : { start: at(10).toISOString(), timeZone: 'UTC' });
      expect(early.statusCode).toBe(409);
      expect(errorOf(early).scheduling).toEqual([m.notBooked]);
    }
    expect(await countRows(t.app, 'scheduled_interviews', `application_id = '${app.id}'`)).toBe(0);
  });

  it('books: everyone gets a METHOD:REQUEST invitation and the event is written to Ann’s Radicale calendar', async () => {
    const res = await pub('POST', `/api/scheduling/${token}/book`, { start: at(10).toISOString(), timeZone: 'Europe/Berlin' });
    expect(res.statusCode, res.body).toBe(201);
    // 10:00 UTC is 11:00 in Berlin in winter and 12:00 in summer: the message names the candidate's zone.
    const local = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone: 'Europe/Berlin' }).format(at(10));
    expect(res.json().message).toBe(
      m.booked(
        `${local} (${new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', timeZoneName: 'short' }).formatToParts(at(10)).find((p) => p.type === 'timeZoneName')?.value})`,
      ),
    );
    expect(res.json().booking).toEqual({ start: at(10).toISOString(), end: at(11).toISOString() });

    const toCandidate = await mailTo(candidateEmail, 'Booked: Clinical panel');
    const ics = icsOf(toCandidate);
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toMatch(/DTSTART:\d{8}T100000Z/);
    expect(ics).toMatch(/DTEND:\d{8}T110000Z/);
    expect(ics).toContain('SEQUENCE:0');
    const uid = /UID:(.+)/.exec(ics)?.[1].trim();
    expect(uid).toBeTruthy();
    expect(toCandidate.text).toContain(`/schedule/${token}`);
    for (const p of [ann, ben]) {
      const mail = await mailTo(p.email, 'Booked: Clinical panel');
      expect(icsOf(mail)).toContain(`UID:${uid}`);
      expect(mail.text).toContain('Lena Rivera');
      expect(mail.text).not.toContain('/schedule/');
      expect(mail.text).toContain('/harvest/cultivate/candidates?candidate=');
    }
    const [ours] = await eventsOf(uid ?? '', (l) => l.length === 1);
    expect(ours).toBeTruthy();
    expect(ours).toMatch(/DTSTART:\d{8}T100000Z/);
    expect(ours).not.toContain('METHOD:');

    const again = await pub('POST', `/api/scheduling/${token}/book`, { start: at(14).toISOString(), timeZone: 'UTC' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).scheduling).toEqual([m.alreadyBooked]);
    const view = (await pub('GET', `/api/scheduling/${token}`)).json();
    expect(view.state).toBe('booked');
    expect(view.booking.start).toBe(at(10).toISOString());
    const list = (await call('GET', `/api/applications/${applicationId}/scheduled-interviews?clientId=${A.client.id}`, A.recruiterAuth.headers)).json();
    expect(list.results[0]).toMatchObject({ state: 'booked', startsAt: at(10).toISOString(), candidateTimeZone: 'Europe/Berlin' });
    const mine = (await call('GET', `/api/my-scheduled-interviews?clientId=${A.client.id}`, ben.auth)).json();
    expect(mine.results.map((r: { startsAt: string }) => r.startsAt)).toContain(at(10).toISOString());
  });

  it('no longer offers the booked time to another candidate of the same interviewers', async () => {
    const app = await applicationTo('Theo');
    await sendLink(app.id, shortId);
    const other = await tokenFromMail(app.email);
    const starts = (await pub('GET', `/api/scheduling/${other}`)).json().slots.map((s: { start: string }) => s.start);
    expect(starts).not.toContain(at(10).toISOString());
    expect(starts).not.toContain(at(10, 30).toISOString());
    expect(starts).toContain(at(11).toISOString());
  });

  it('reschedules: the same UID with a higher SEQUENCE, and the Radicale event moves', async () => {
    const res = await pub('POST', `/api/scheduling/${token}/reschedule`, { start: at(15).toISOString(), timeZone: 'UTC' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().booking).toEqual({ start: at(15).toISOString(), end: at(16).toISOString() });
    const mail = await mailTo(candidateEmail, 'Moved: Clinical panel');
    const ics = icsOf(mail);
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain('SEQUENCE:1');
    expect(ics).toMatch(/DTSTART:\d{8}T150000Z/);
    const uid = /UID:(.+)/.exec(ics)?.[1].trim() ?? '';
    const ours = await eventsOf(uid, (l) => l.length === 1 && /DTSTART:\d{8}T150000Z/.test(l[0]));
    expect(ours).toHaveLength(1);
    expect(ours[0]).toMatch(/DTSTART:\d{8}T150000Z/);
  });

  it('cancels: METHOD:CANCEL to everyone, the Radicale event is gone, and the link books no more', async () => {
    const res = await pub('POST', `/api/scheduling/${token}/cancel`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(m.cancelledThanks);
    for (const to of [candidateEmail, ann.email, ben.email]) {
      const ics = icsOf(await mailTo(to, 'Cancelled: Clinical panel'));
      expect(ics).toContain('METHOD:CANCEL');
      expect(ics).toContain('STATUS:CANCELLED');
      expect(ics).toContain('SEQUENCE:2');
    }
    const others = (events: string[]) => events.filter((e) => !e.includes('UID:lunch-talk') && !e.includes('UID:late-meeting'));
    expect(others(await settled(radicaleEvents, (l) => others(l).length === 0))).toEqual([]);
    expect((await pub('GET', `/api/scheduling/${token}`)).json()).toMatchObject({ state: 'cancelled', booking: null, slots: [] });
    const again = await pub('POST', `/api/scheduling/${token}/cancel`, {});
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).scheduling).toEqual([m.cancelled]);
    const book = await pub('POST', `/api/scheduling/${token}/book`, { start: at(15).toISOString(), timeZone: 'UTC' });
    expect(book.statusCode).toBe(409);
    expect(await countRows(t.app, 'scheduled_interview_holds', `user_id = '${ben.id}'`)).toBe(0);
  });

  it('erasing the candidate removes the stored .ics invitations, which name them', async () => {
    const [booked] = (
      await t.app.db.execute<{ id: string; sequence: number; candidate_id: string }>(
        sql`SELECT si.id, si.sequence, a.candidate_id FROM scheduled_interviews si
              JOIN applications a ON a.client_id = si.client_id AND a.id = si.application_id
             WHERE si.client_id = ${A.client.id} AND si.application_id = ${applicationId}`,
      )
    ).rows;
    const stored = [`${booked.id}-0.ics`, `${booked.id}-1.ics`, `${booked.id}-2-cancel.ics`].map((f) => `scheduling/${A.client.id}/${f}`);
    for (const key of stored) expect(await t.app.storage.stat(key), key).toBeTruthy();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/crm/privacy/candidate/erase',
      headers: A.recruiterAuth.headers,
      payload: { clientId: A.client.id, candidateId: booked.candidate_id, confirm: candidateEmail },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Only the files that existed are counted: the invitations and nothing made up.
    expect(res.json().filesRemoved).toBe(stored.length);
    for (const key of stored) expect(await t.app.storage.stat(key), key).toBeNull();
  });
});

describe('double booking', () => {
  it('two candidates booking the same time at once: one booking, one 409 with the next free times', async () => {
    const [a, b] = [await applicationTo('Ada'), await applicationTo('Bo')];
    await sendLink(a.id, panelId);
    await sendLink(b.id, panelId);
    const [ta, tb] = [await tokenFromMail(a.email), await tokenFromMail(b.email)];
    const day = new Date(monday.getTime() + 86_400_000); // Tuesday
    const start = at(9, 0, day).toISOString();
    const results = await Promise.all([ta, tb].map((tok) => pub('POST', `/api/scheduling/${tok}/book`, { start, timeZone: 'UTC' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const lost = results.find((r) => r.statusCode === 409);
    const msg = errorOf(lost as (typeof results)[number]).start[0];
    expect(msg.startsWith('That time was just taken. The next free times are ')).toBe(true);
    expect(msg).toContain('10:00 AM UTC');
    expect(await countRows(t.app, 'scheduled_interview_holds', `user_id = '${ben.id}' AND starts_at = '${start}'`)).toBe(1);
  });

  it('overlapping times of one interviewer on two interviews at once: exactly one books', async () => {
    const [a, b] = [await applicationTo('Cy'), await applicationTo('Di')];
    await sendLink(a.id, panelId);
    await sendLink(b.id, shortId);
    const [ta, tb] = [await tokenFromMail(a.email), await tokenFromMail(b.email)];
    const day = new Date(monday.getTime() + 2 * 86_400_000); // Wednesday
    const results = await Promise.all([
      pub('POST', `/api/scheduling/${ta}/book`, { start: at(11, 0, day).toISOString(), timeZone: 'UTC' }),
      pub('POST', `/api/scheduling/${tb}/book`, { start: at(11, 30, day).toISOString(), timeZone: 'UTC' }),
    ]);
    expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join('\n')).toEqual([201, 409]);
    expect(
      await countRows(
        t.app,
        'scheduled_interview_holds',
        `user_id = '${ann.id}' AND starts_at >= '${at(11, 0, day).toISOString()}' AND starts_at < '${at(12, 0, day).toISOString()}'`,
      ),
    ).toBe(1);
  });

  it('the database itself refuses two overlapping holds of one interviewer (the exclusion constraint)', async () => {
    const [row] = (
      await t.app.db.execute(
        sql.raw(`SELECT client_id, scheduled_interview_id, starts_at FROM scheduled_interview_holds WHERE user_id = '${ann.id}' ORDER BY starts_at LIMIT 1`),
      )
    ).rows as { client_id: string; scheduled_interview_id: string; starts_at: string }[];
    const other = (
      await t.app.db.execute(sql.raw(`SELECT id FROM scheduled_interviews WHERE client_id = '${row.client_id}' AND cancelled_at IS NOT NULL LIMIT 1`))
    ).rows[0] as { id: string };
    const start = new Date(row.starts_at);
    await expect(
      t.app.db.execute(
        sql.raw(
          `INSERT INTO scheduled_interview_holds (client_id, scheduled_interview_id, user_id, starts_at, ends_at) VALUES ('${row.client_id}', '${other.id}', '${ann.id}', '${new Date(start.getTime() + 15 * 60_000).toISOString()}', '${new Date(start.getTime() + 45 * 60_000).toISOString()}')`,
        ),
      ),
    ).rejects.toMatchObject({ cause: { code: '23P01' } });
  });
});

describe('the hiring team moves and cancels a booked interview', () => {
  const friday = new Date(monday.getTime() + 4 * 86_400_000);
  let app: { id: string; email: string };
  let linkUrl: string;
  let uid: string;
  const team = (what: 'times' | 'move' | 'cancel', payload?: object, headers = A.recruiterAuth.headers) =>
    what === 'times'
      ? call('GET', `${linkUrl}/times?clientId=${A.client.id}`, headers)
      : call('POST', `${linkUrl}/${what}`, headers, { clientId: A.client.id, ...payload });
  /** Every mail to `to` with this subject whose invitation carries `uid`, parsed, oldest first. */
  async function invitations(to: string, subject: string, count: number) {
    const deadline = Date.now() + 15000;
    for (;;) {
      const found = [];
      for (const x of smtp.mails.filter((x) => x.to.includes(to))) {
        const parsed = await simpleParser(x.raw);
        if (parsed.subject?.startsWith(subject) && icsOf(parsed).includes(`UID:${uid}`)) found.push(parsed);
      }
      if (found.length >= count || Date.now() > deadline) return found;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('lists the times every interviewer is free, and moves the interview: new SEQUENCE, mails in each zone, the Radicale event moves', async () => {
    app = await applicationTo('Rosa');
    const sent = await sendLink(app.id, panelId);
    linkUrl = `/api/applications/${app.id}/scheduling-links/${sent.schedule.id}`;
    const token = await tokenFromMail(app.email);
    const booked = await pub('POST', `/api/scheduling/${token}/book`, { start: at(10, 0, friday).toISOString(), timeZone: 'Europe/Berlin' });
    expect(booked.statusCode, booked.body).toBe(201);
    uid = /UID:(.+)/.exec(icsOf(await mailTo(app.email, 'Booked: Clinical panel')))?.[1].trim() ?? '';

    const times = await team('times');
    expect(times.statusCode, times.body).toBe(200);
    const starts: string[] = times.json().results.map((s: { start: string }) => s.start);
    expect(starts).toContain(at(14, 0, friday).toISOString());
    expect(starts).not.toContain(at(13, 0).toISOString()); // Ann's busy hour on Monday
    expect(starts).not.toContain(at(3, 0, friday).toISOString()); // outside working hours

    const res = await team('move', { start: at(14, 0, friday).toISOString(), timeZone: 'America/New_York' });
    expect(res.statusCode, res.body).toBe(200);
    const ny = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone: 'America/New_York' }).format(at(14, 0, friday));
    const nyZone = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', timeZoneName: 'short' })
      .formatToParts(at(14, 0, friday))
      .find((p) => p.type === 'timeZoneName')?.value;
    expect(res.json().message).toBe(m.teamMoved(`${ny} (${nyZone})`));
    expect(res.json().schedule).toMatchObject({ state: 'booked', startsAt: at(14, 0, friday).toISOString(), candidateTimeZone: 'Europe/Berlin' });

    const [toCandidate] = await invitations(app.email, 'Moved: Clinical panel', 1);
    expect(toCandidate, 'the candidate is mailed').toBeTruthy();
    const ics = icsOf(toCandidate);
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain('SEQUENCE:1');
    expect(ics).toMatch(/DTSTART:\d{8}T140000Z/);
    // The candidate's mail keeps the candidate's zone (Berlin), not the recruiter's.
    const berlin = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone: 'Europe/Berlin' }).format(at(14, 0, friday));
    expect(toCandidate.text).toContain(berlin);
    for (const p of [ann, ben]) expect(await invitations(p.email, 'Moved: Clinical panel', 1)).toHaveLength(1);
    const ours = await eventsOf(uid, (l) => l.length === 1 && /DTSTART:\d{8}T140000Z/.test(l[0]));
    expect(ours).toHaveLength(1);
    expect(ours[0]).toMatch(/DTSTART:\d{8}T140000Z/);
    expect((await pub('GET', `/api/scheduling/${token}`)).json().booking.start).toBe(at(14, 0, friday).toISOString());
  });

  it('refuses a past time, a time not offered, an unknown link and another tenant, changing nothing', async () => {
    const past = await team('move', { start: new Date(Date.now() - HOUR).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(errorOf(past).start).toEqual([m.slotPast]);
    const night = await team('move', { start: at(3, 0, friday).toISOString() });
    expect(night.statusCode).toBe(400);
    expect(errorOf(night).start).toEqual([m.slotNotOffered]);
    const unknown = await call('POST', `/api/applications/${app.id}/scheduling-links/${crypto.randomUUID()}/cancel`, A.recruiterAuth.headers, {
      clientId: A.client.id,
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).linkId).toEqual([m.linkNotFound]);
    const other = await call('POST', `${linkUrl}/cancel`, B.recruiterAuth.headers, { clientId: B.client.id });
    expect(other.statusCode).toBe(404);
    const row = (await t.app.db.execute(sql`SELECT starts_at, sequence, cancelled_at FROM scheduled_interviews WHERE application_id = ${app.id}`)).rows[0] as {
      starts_at: string | Date;
      sequence: number;
      cancelled_at: unknown;
    };
    expect(new Date(row.starts_at).toISOString()).toBe(at(14, 0, friday).toISOString());
    expect(row.sequence).toBe(1);
    expect(row.cancelled_at).toBeNull();
  });

  it('a team move and a candidate booking of the same interviewer’s time at once: exactly one gets it', async () => {
    const rival = await applicationTo('Sol');
    await sendLink(rival.id, shortId);
    const rivalToken = await tokenFromMail(rival.email);
    const start = at(16, 0, friday).toISOString();
    const results = await Promise.all([
      team('move', { start, timeZone: 'UTC' }),
      pub('POST', `/api/scheduling/${rivalToken}/book`, { start, timeZone: 'UTC' }),
    ]);
    const codes = results.map((r) => r.statusCode);
    expect(
      codes.filter((c) => c === 409),
      results.map((r) => r.body).join('\n'),
    ).toHaveLength(1);
    expect(codes.filter((c) => c === 200 || c === 201)).toHaveLength(1);
    const lost = results.find((r) => r.statusCode === 409);
    expect(errorOf(lost as (typeof results)[number]).start[0].startsWith('That time was just taken.')).toBe(true);
    expect(await countRows(t.app, 'scheduled_interview_holds', `user_id = '${ann.id}' AND starts_at = '${start}'`)).toBe(1);
  });

  it('cancels: METHOD:CANCEL to the candidate and the interviewers, the Radicale event is gone, and nothing more changes', async () => {
    const res = await team('cancel');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(m.teamCancelled);
    expect(res.json().schedule.state).toBe('cancelled');
    for (const to of [app.email, ann.email, ben.email]) {
      const [mail] = await invitations(to, 'Cancelled: Clinical panel', 1);
      expect(mail, to).toBeTruthy();
      expect(icsOf(mail)).toContain('METHOD:CANCEL');
      expect(icsOf(mail)).toMatch(/SEQUENCE:[23]/);
    }
    expect(await eventsOf(uid, (l) => l.length === 0)).toEqual([]);
    const [row] = (await t.app.db.execute(sql`SELECT id FROM scheduled_interviews WHERE application_id = ${app.id}`)).rows as { id: string }[];
    expect(await countRows(t.app, 'scheduled_interview_holds', `scheduled_interview_id = '${row.id}'`)).toBe(0);
    const again = await team('cancel');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).scheduling).toEqual([m.cancelled]);
    const move = await team('move', { start: at(11, 0, friday).toISOString() });
    expect(move.statusCode).toBe(409);
    expect(errorOf(move).scheduling).toEqual([m.cancelled]);
    expect((await team('times')).json().results).toEqual([]);
  });
});

describe('proposing times', () => {
  const thursday = new Date(monday.getTime() + 3 * 86_400_000);
  const propose = (applicationId: string, starts: Date[], timeZone = 'UTC', interviewId = panelId) =>
    call('POST', `/api/applications/${applicationId}/proposed-times`, A.recruiterAuth.headers, {
      clientId: A.client.id,
      interviewId,
      starts: starts.map((d) => d.toISOString()),
      timeZone,
    });

  it('lists the times every interviewer is free, and refuses too few, repeated, past and busy times, writing nothing', async () => {
    const app = await applicationTo('Uma');
    const free = await call('GET', `/api/applications/${app.id}/free-times?clientId=${A.client.id}&interviewId=${panelId}&days=14`, A.recruiterAuth.headers);
    expect(free.statusCode, free.body).toBe(200);
    const starts: string[] = free.json().results.map((s: { start: string }) => s.start);
    expect(starts).toContain(at(9, 0, thursday).toISOString());
    expect(starts).not.toContain(at(13).toISOString());
    const few = await propose(app.id, [at(9, 0, thursday), at(10, 0, thursday)]);
    expect(few.statusCode).toBe(400);
    expect(errorOf(few).starts).toEqual(['Propose at least 3 times']);
    const twice = await propose(app.id, [at(9, 0, thursday), at(9, 0, thursday), at(10, 0, thursday)]);
    expect(twice.statusCode).toBe(400);
    expect(errorOf(twice).starts).toEqual([m.proposedTwice]);
    const past = await propose(app.id, [new Date(Date.now() - HOUR), at(9, 0, thursday), at(10, 0, thursday)]);
    expect(past.statusCode).toBe(400);
    expect(errorOf(past).starts).toEqual([m.slotPast]);
    const busy = await propose(app.id, [at(9, 0, thursday), at(13), at(10, 0, thursday)]);
    expect(busy.statusCode).toBe(400);
    const busyWords = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }).format(at(13));
    expect(errorOf(busy).starts).toEqual([m.proposedNotFree(`${busyWords} (UTC)`)]);
    expect(await countRows(t.app, 'scheduling_links', `application_id = '${app.id}'`)).toBe(0);
  });

  it('mails each time as its own link; the page offers only those still free; one books through the same constraint', async () => {
    const app = await applicationTo('Vic');
    const times = [at(9, 0, thursday), at(10, 0, thursday), at(11, 0, thursday)];
    const res = await propose(app.id, [times[2], times[0], times[1]], 'Europe/Berlin');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(m.timesProposed(3, app.email));
    expect(res.json().schedule).toMatchObject({ state: 'sent', proposedStarts: times.map((d) => d.toISOString()) });

    const mail = await mailTo(app.email, 'Proposed times for your interview');
    const links = [...(mail.text ?? '').matchAll(/\/schedule\/([A-Za-z0-9_-]+)\?time=(\S+)/g)];
    expect(links.map((l) => decodeURIComponent(l[2]))).toEqual(times.map((d) => d.toISOString()));
    const token = links[0][1];
    const berlin = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone: 'Europe/Berlin' }).format(times[0]);
    expect(mail.text).toContain(berlin);
    const view = (await pub('GET', `/api/scheduling/${token}`)).json();
    expect(view.slots.map((s: { start: string }) => s.start)).toEqual(times.map((d) => d.toISOString()));

    // Another candidate books Ann at 10:00: the proposal no longer offers it, and asking for it is "just taken".
    const rival = await applicationTo('Wes');
    await sendLink(rival.id, shortId);
    const rivalBook = await pub('POST', `/api/scheduling/${await tokenFromMail(rival.email)}/book`, { start: times[1].toISOString(), timeZone: 'UTC' });
    expect(rivalBook.statusCode, rivalBook.body).toBe(201);
    const after = (await pub('GET', `/api/scheduling/${token}`)).json();
    expect(after.slots.map((s: { start: string }) => s.start)).toEqual([times[0], times[2]].map((d) => d.toISOString()));
    const taken = await pub('POST', `/api/scheduling/${token}/book`, { start: times[1].toISOString(), timeZone: 'UTC' });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).start[0]).toBe(
      m.slotTaken(['Thu, ' + new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(times[2]) + ', 11:00 AM UTC']),
    );
    const notProposed = await pub('POST', `/api/scheduling/${token}/book`, { start: at(15, 0, thursday).toISOString(), timeZone: 'UTC' });
    expect(notProposed.statusCode).toBe(400);
    expect(errorOf(notProposed).start).toEqual([m.slotNotOffered]);

    const booked = await pub('POST', `/api/scheduling/${token}/book`, { start: times[2].toISOString(), timeZone: 'Europe/Berlin' });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(icsOf(await mailTo(app.email, 'Booked: Clinical panel'))).toMatch(/DTSTART:\d{8}T110000Z/);
    expect(await countRows(t.app, 'scheduled_interview_holds', `starts_at = '${times[2].toISOString()}' AND user_id IN ('${ann.id}', '${ben.id}')`)).toBe(2);
  });
});

describe('reminders', () => {
  const tuesday = new Date(monday.getTime() + 86_400_000);
  const MIN = 60_000;
  it('plans 24 h and 1 h reminders through the queue; each is mailed once at its time (a controlled clock), moved with the interview, dropped with a cancel', async () => {
    const app = await applicationTo('Yara');
    await sendLink(app.id, shortId);
    const token = await tokenFromMail(app.email);
    const start = at(15, 0, tuesday);
    const booked = await pub('POST', `/api/scheduling/${token}/book`, { start: start.toISOString(), timeZone: 'America/Chicago' });
    expect(booked.statusCode, booked.body).toBe(201);
    const [{ id: scheduledId }] = (await t.app.db.execute(sql`SELECT id FROM scheduled_interviews WHERE application_id = ${app.id}`)).rows as { id: string }[];
    const due = (lead: number, s = start) => new Date(s.getTime() - lead * MIN);
    const planned = (
      await t.app.db.execute(
        sql`SELECT lead_minutes, due_at FROM scheduled_interview_reminders WHERE scheduled_interview_id = ${scheduledId} ORDER BY lead_minutes`,
      )
    ).rows as { lead_minutes: number; due_at: string | Date }[];
    expect(planned.map((r) => [r.lead_minutes, new Date(r.due_at).toISOString()])).toEqual([
      [60, due(60).toISOString()],
      [1440, due(1440).toISOString()],
    ]);
    const jobs = (
      await t.app.pool.query<{ lead: number; start_after: Date }>(
        `SELECT (data->>'leadMinutes')::int AS lead, start_after FROM pgboss.job WHERE name = $1 AND data->>'scheduledId' = $2 ORDER BY 1`,
        [REMINDER_QUEUE, scheduledId],
      )
    ).rows;
    expect(jobs.map((j) => [j.lead, j.start_after.toISOString()])).toEqual([
      [60, due(60).toISOString()],
      [1440, due(1440).toISOString()],
    ]);

    const deps = depsOf(t.app);
    const job = (leadMinutes: number) => ({ clientId: A.client.id, scheduledId, leadMinutes });
    // Written to the outbox in the job's transaction (delivered by the queue after it): counted there, not by waiting.
    const reminders = () => countRows(t.app, 'outbox', `to_address = '${app.email}' AND subject LIKE 'Reminder:%'`);
    // Ten minutes early: it puts itself back for its time and mails nothing.
    expect(await sendInterviewReminder(deps, job(1440), new Date(due(1440).getTime() - 10 * MIN))).toBe('later');
    // At its time: the candidate (in their zone) and Ann are mailed, without an invitation.
    expect(await sendInterviewReminder(deps, job(1440), new Date(due(1440).getTime() + MIN))).toBe('sent');
    const mail = await mailTo(app.email, 'Reminder: Quick screen');
    const chicago = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone: 'America/Chicago' }).format(start);
    expect(mail.text).toContain(`A reminder: the interview Quick screen (ICU Nurse) is on ${chicago}`);
    expect(mail.attachments).toHaveLength(0);
    const toAnn = await mailTo(ann.email, 'Reminder: Quick screen');
    expect(toAnn.text).toContain('Yara Rivera');
    // Never twice: the same job again (a retry, a duplicate) sends nothing.
    expect(await sendInterviewReminder(deps, job(1440), new Date(due(1440).getTime() + 2 * MIN))).toBe('nothing');
    expect(await reminders()).toBe(1);

    // Moved to 16:00: the reminders are planned again for the new time; the old hour's job is early now.
    const moved = at(16, 0, tuesday);
    const res = await pub('POST', `/api/scheduling/${token}/reschedule`, { start: moved.toISOString(), timeZone: 'America/Chicago' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await sendInterviewReminder(deps, job(60), new Date(due(60).getTime() + MIN))).toBe('later');
    expect(await countRows(t.app, 'scheduled_interview_reminders', `scheduled_interview_id = '${scheduledId}' AND sent_at IS NULL`)).toBe(2);

    // Cancelled: the reminders go with it, and a job that still runs mails nothing.
    expect((await pub('POST', `/api/scheduling/${token}/cancel`, {})).statusCode).toBe(200);
    expect(await countRows(t.app, 'scheduled_interview_reminders', `scheduled_interview_id = '${scheduledId}'`)).toBe(0);
    expect(await sendInterviewReminder(deps, job(60), new Date(due(60, moved).getTime() + MIN))).toBe('nothing');
    expect(await reminders()).toBe(1);
  });
});

describe('our own events read back from a calendar', () => {
  it('do not block their time (matched by UID), while other events, the chatbot’s included, still do', async () => {
    const wednesday = new Date(monday.getTime() + 2 * 86_400_000);
    const host = new URL(t.app.config.publicUrl).hostname;
    // A stale copy of one of our interviews (as a failed delete would leave it), and a chatbot interview's event.
    await radicale.putEvent(calendarUrl, { uid: `${crypto.randomUUID()}@${host}`, start: at(15, 0, wednesday), end: at(16, 0, wednesday) });
    await radicale.putEvent(calendarUrl, { uid: `chatbot-${crypto.randomUUID()}@${host}`, start: at(16, 0, wednesday), end: at(17, 0, wednesday) });
    // A booked interview whose copy is written to Ann's calendar.
    const app = await applicationTo('Zoe');
    await sendLink(app.id, shortId);
    const token = await tokenFromMail(app.email);
    expect((await pub('POST', `/api/scheduling/${token}/book`, { start: at(14, 0, wednesday).toISOString(), timeZone: 'UTC' })).statusCode).toBe(201);
    const written = (l: string[]) => l.some((e) => e.includes('DTSTART:') && e.includes(`@${host}`) && /DTSTART:\d{8}T140000Z/.test(e));
    expect(written(await settled(radicaleEvents, written))).toBe(true);

    const sync = await call('POST', `/api/calendars/connections/${connectionId}/sync`, ann.auth, { clientId: A.client.id });
    expect(sync.statusCode, sync.body).toBe(200);
    const busy = (await t.app.db.execute(sql`SELECT starts_at FROM calendar_busy WHERE connection_id = ${connectionId} ORDER BY starts_at`)).rows.map((r) =>
      new Date((r as { starts_at: string }).starts_at).toISOString(),
    );
    expect(busy).toContain(at(16, 0, wednesday).toISOString());
    expect(busy).not.toContain(at(15, 0, wednesday).toISOString());
    expect(busy).not.toContain(at(14, 0, wednesday).toISOString());

    const other = await applicationTo('Abe');
    await sendLink(other.id, shortId);
    const starts = (await pub('GET', `/api/scheduling/${await tokenFromMail(other.email)}`)).json().slots.map((s: { start: string }) => s.start);
    expect(starts).toContain(at(15, 0, wednesday).toISOString()); // the stale copy does not block
    expect(starts).not.toContain(at(16, 0, wednesday).toISOString()); // the chatbot's interview does
    expect(starts).not.toContain(at(14, 0, wednesday).toISOString()); // the booked one does, by its hold
  });
});

describe('calendar copies through the queue', () => {
  const thursday = new Date(monday.getTime() + 3 * 86_400_000);
  /** A loopback port nothing listens on: a calendar server that is down. */
  const closedPort = () =>
    new Promise<number>((resolve) => {
      const srv = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as net.AddressInfo;
        srv.close(() => resolve(port));
      });
    });
  type Copy = { state: string; attempts: number; next_attempt_at: string | Date | null; last_error: string | null; object_url: string | null };

  it('a calendar that is down at booking time gets the event later: the state in words on the schedule, growing pauses, then written; a failed move and a cancel follow', async () => {
    const cara = await person(A.client.id);
    const caraCalendar = await radicale.createCalendar('Cara interviews');
    const conn = await call('POST', '/api/calendars/connections', cara.auth, {
      clientId: A.client.id,
      kind: 'caldav',
      serverUrl: radicale.url,
      username: radicale.username,
      password: radicale.password,
      calendarUrl: caraCalendar,
    });
    expect(conn.statusCode, conn.body).toBe(201);
    const caraConn: string = conn.json().id;
    const [{ name }] = (await t.app.db.execute(sql`SELECT name FROM calendar_connections WHERE id = ${caraConn}`)).rows as { name: string }[];
    const refusing = `http://127.0.0.1:${await closedPort()}/`;
    const down = () =>
      t.app.db.execute(sql`UPDATE calendar_connections SET server_url = ${refusing}, calendar_url = ${`${refusing}ann/cara/`} WHERE id = ${caraConn}`);
    const up = () => t.app.db.execute(sql`UPDATE calendar_connections SET server_url = ${radicale.url}, calendar_url = ${caraCalendar} WHERE id = ${caraConn}`);
    const job = (await createJobViaApi(t.app, A.staffAuth.headers, A.client.id, { title: 'Ward Clerk' }))._id;
    const plan = await call('PUT', `/api/jobs/${job}/interview-plan`, A.recruiterAuth.headers, {
      clientId: A.client.id,
      interviews: [{ name: 'Copy check', durationMinutes: 30, interviewerIds: [cara.id] }],
      attributes: [],
    });
    expect(plan.statusCode, plan.body).toBe(200);
    const copy = async () =>
      (
        await t.app.db.execute(
          sql`SELECT state, attempts, next_attempt_at, last_error, object_url FROM scheduled_interview_calendar_copies WHERE user_id = ${cara.id}`,
        )
      ).rows[0] as Copy | undefined;
    const mine = async () => (await call('GET', `/api/my-scheduled-interviews?clientId=${A.client.id}`, cara.auth)).json().results[0].calendarCopy;
    const unreachable = messages.calendars.unreachable;

    // Down when the candidate books: the booking stands, the copy waits for its next attempt, a minute on.
    await down();
    const app = await applicationTo('Iris', job);
    await sendLink(app.id, plan.json().interviews[0].id);
    const token = await tokenFromMail(app.email);
    const booked = await pub('POST', `/api/scheduling/${token}/book`, { start: at(10, 0, thursday).toISOString(), timeZone: 'UTC' });
    expect(booked.statusCode, booked.body).toBe(201);
    const first = (await settled(copy, (c) => c?.state === 'retrying')) as Copy;
    expect(first).toMatchObject({ state: 'retrying', attempts: 1, last_error: unreachable, object_url: null });
    const next = new Date(first.next_attempt_at as string);
    expect(Math.abs(next.getTime() - Date.now() - RETRY_MINUTES[0] * 60_000)).toBeLessThan(30_000);
    expect(await mine()).toEqual({
      calendar: name,
      state: 'retrying',
      retryAt: next.toISOString(),
      words: m.copyRetrying(name, clockTime(next, 'UTC'), unreachable),
    });
    const queued = (
      await t.app.pool.query<{ start_after: Date }>(`SELECT start_after FROM pgboss.job WHERE name = $1 AND data->>'userId' = $2 AND state = 'created'`, [
        CALENDAR_COPY_QUEUE,
        cara.id,
      ])
    ).rows;
    expect(queued.map((j) => j.start_after.toISOString())).toContain(next.toISOString());

    const deps = depsOf(t.app);
    const jobOf = { clientId: A.client.id, scheduledId: '', userId: cara.id };
    [{ id: jobOf.scheduledId }] = (await t.app.db.execute(sql`SELECT id FROM scheduled_interviews WHERE application_id = ${app.id}`)).rows as { id: string }[];
    // A job run before its time does nothing; at its time, still down: the pause grows to five minutes.
    expect(await runCalendarCopy(deps, jobOf, new Date(next.getTime() - 10_000))).toBe('later');
    expect((await copy())?.attempts).toBe(1);
    expect(await runCalendarCopy(deps, jobOf, next)).toBe('later');
    const second = (await copy()) as Copy;
    expect(second.attempts).toBe(2);
    expect(new Date(second.next_attempt_at as string).getTime() - next.getTime()).toBe(RETRY_MINUTES[1] * 60_000);

    // Back up: the next attempt writes the event, and the schedule says so.
    await up();
    expect(await runCalendarCopy(deps, jobOf, new Date(second.next_attempt_at as string))).toBe('done');
    const events = await radicaleEvents(caraCalendar);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatch(/DTSTART:\d{8}T100000Z/);
    expect(await mine()).toEqual({ calendar: name, state: 'written', retryAt: null, words: m.copyWritten(name) });

    // Moved while down, and still down after the last pause: failed, with the reason; the old copy stays where it was.
    await down();
    expect((await pub('POST', `/api/scheduling/${token}/reschedule`, { start: at(11, 0, thursday).toISOString(), timeZone: 'UTC' })).statusCode).toBe(200);
    await settled(copy, (c) => c?.state === 'retrying');
    await t.app.db.execute(sql`UPDATE scheduled_interview_calendar_copies SET attempts = ${RETRY_MINUTES.length} WHERE user_id = ${cara.id}`);
    expect(await runCalendarCopy(deps, jobOf, new Date(((await copy()) as Copy).next_attempt_at as string))).toBe('done');
    expect(await mine()).toMatchObject({ state: 'failed', retryAt: null, words: m.copyFailed(name, unreachable) });
    expect(((await copy()) as Copy).object_url).toMatch(/\.ics$/);

    // Cancelled once it is back: the queue deletes the copy it wrote.
    await up();
    expect((await pub('POST', `/api/scheduling/${token}/cancel`, {})).statusCode).toBe(200);
    expect(await settled(copy, (c) => c?.state === 'removed')).toMatchObject({ state: 'removed', object_url: null });
    expect(await radicaleEvents(caraCalendar)).toEqual([]);
  });
});

describe('reminders by SMS', () => {
  const tuesday = new Date(monday.getTime() + 86_400_000);
  const MIN = 60_000;
  it('texts the candidate’s reminder through the conversations domain when Twilio is set up and the number has not opted out, each once', async () => {
    const hex = () => crypto.randomUUID().replace(/-/g, '');
    const account = { accountSid: `AC${hex()}`, authToken: hex() };
    twilio.addAccount(account);
    const saved = await call('PUT', '/api/conversations/sms/settings', A.recruiterAuth.headers, {
      clientId: A.client.id,
      accountSid: account.accountSid,
      authToken: account.authToken,
      fromNumber: '+13125550199',
      quietHoursOn: false,
      ratePerMinute: 6000,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Typed without the country code, as US career sites collect it: read as +1.
    const app = await applicationTo('Uma', jobId, '(312) 555-0142');
    const phone = '+13125550142';
    const silent = await applicationTo('Vic', jobId, '555-01');
    const start = at(11, 0, tuesday);
    const due = (lead: number) => new Date(start.getTime() - lead * MIN);
    const scheduledOf = async (a: { id: string; email: string }, s: Date) => {
      await sendLink(a.id, shortId);
      const token = await tokenFromMail(a.email);
      const booked = await pub('POST', `/api/scheduling/${token}/book`, { start: s.toISOString(), timeZone: 'America/Chicago' });
      expect(booked.statusCode, booked.body).toBe(201);
      return ((await t.app.db.execute(sql`SELECT id FROM scheduled_interviews WHERE application_id = ${a.id}`)).rows[0] as { id: string }).id;
    };
    const scheduledId = await scheduledOf(app, start);
    const deps = depsOf(t.app);
    const texts = () => countRows(t.app, 'conversation_messages', `channel = 'sms' AND to_address = '${phone}'`);

    expect(await sendInterviewReminder(deps, { clientId: A.client.id, scheduledId, leadMinutes: 1440 }, new Date(due(1440).getTime() + MIN))).toBe('sent');
    const body = m.smsReminder(A.client.name, 'Quick screen', formatWhen(start, 'America/Chicago'));
    const deadline = Date.now() + 15000;
    while (!twilio.sent.some((x) => x.to === phone) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const sent = twilio.sent.filter((x) => x.to === phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ from: '+13125550199', body });
    // In the candidate's conversation, so the recruiter sees it; a duplicate job texts nothing more.
    expect(await texts()).toBe(1);
    expect(await sendInterviewReminder(deps, { clientId: A.client.id, scheduledId, leadMinutes: 1440 }, new Date(due(1440).getTime() + 2 * MIN))).toBe(
      'nothing',
    );
    expect(await texts()).toBe(1);

    // Opted out since (replied STOP): the hour-before reminder is mailed, not texted.
    await t.app.db.execute(sql`INSERT INTO sms_opt_outs (client_id, phone, keyword) VALUES (${A.client.id}, ${phone}, 'STOP')`);
    expect(await sendInterviewReminder(deps, { clientId: A.client.id, scheduledId, leadMinutes: 60 }, new Date(due(60).getTime() + MIN))).toBe('sent');
    expect(await countRows(t.app, 'outbox', `to_address = '${app.email}' AND subject LIKE 'Reminder:%'`)).toBe(2);
    expect(await texts()).toBe(1);

    // A number that is not a mobile number in any plan: mailed only.
    const other = await scheduledOf(silent, at(12, 0, tuesday));
    expect(
      await sendInterviewReminder(deps, { clientId: A.client.id, scheduledId: other, leadMinutes: 1440 }, new Date(at(12, 0, tuesday).getTime() - 1439 * MIN)),
    ).toBe('sent');
    expect(await countRows(t.app, 'conversation_messages', `channel = 'sms' AND to_address LIKE '%55501'`)).toBe(0);
  });
});
