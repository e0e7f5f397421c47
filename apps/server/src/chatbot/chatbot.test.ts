import { messages } from '@hh/contract/messages';
import { eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../db/schema/core.ts';
import { countRows, createJobViaApi, createTenant, mailText, setupTestApp, startSmtp, type TestApp } from '../../test/helpers.ts';
import { readCandidateToken, signCandidateToken } from './candidate-token.ts';
import { offeredSlots, zonedTime } from './slots.ts';

let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
let B: Awaited<ReturnType<typeof createTenant>>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await setupTestApp({ SMTP_URL: smtp.url });
  A = await createTenant(t.app);
  B = await createTenant(t.app);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const get = (clientId: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/chatbot/availability?clientId=${clientId}`, headers });
const put = (body: Record<string, unknown>, headers = A.recruiterAuth.headers) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/chatbot/availability',
    headers,
    payload: { clientId: A.client.id, timeZone: 'America/Chicago', slotMinutes: 30, ranges: [], ...body },
  });

describe('chatbot availability (/chatbot-calendar)', () => {
  it('starts unsaved with no ranges, saves sorted ranges, and is read back by the client’s staff', async () => {
    const empty = await get(A.client.id, A.staffAuth.headers);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ clientId: A.client.id, saved: false, slotMinutes: 30, ranges: [], updatedAt: null });

    const ranges = [
      { weekday: 3, start: '13:00', end: '17:00' },
      { weekday: 1, start: '09:00', end: '12:00' },
      { weekday: 1, start: '13:00', end: '16:30' },
    ];
    const ok = await put({ ranges, slotMinutes: 45 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ saved: true, timeZone: 'America/Chicago', slotMinutes: 45, message: messages.chatbot.availabilitySaved });
    expect(ok.json().ranges).toEqual([ranges[1], ranges[2], ranges[0]]);
    const read = await get(A.client.id, A.staffAuth.headers);
    expect(read.json()).toMatchObject({ saved: true, slotMinutes: 45, ranges: [ranges[1], ranges[2], ranges[0]] });
  });

  it('names the client in the query, without any X-Client-Id header, and never shows another client’s', async () => {
    // The portal's /chatbot-calendar sends no X-Client-Id: the query alone names the client.
    const plain = await get(A.client.id, { authorization: A.recruiterAuth.headers.authorization });
    expect(plain.statusCode).toBe(200);
    expect(plain.json().saved).toBe(true);
    // A header naming another client changes nothing: the query wins, and access is the caller's.
    const other = await get(A.client.id, B.recruiterAuth.headers);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('America/Chicago');
    const write = await put({ ranges: [{ weekday: 2, start: '09:00', end: '10:00' }] }, B.recruiterAuth.headers);
    expect(write.statusCode).toBe(404);
    const staff = await put({ ranges: [] }, A.staffAuth.headers);
    expect(staff.statusCode).toBe(403);
    const missing = await t.app.inject({ method: 'GET', url: '/api/chatbot/availability', headers: { authorization: A.recruiterAuth.headers.authorization } });
    expect(missing.statusCode).toBe(400);
  });

  it('refuses bad input in words and keeps what was saved', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ timeZone: 'Mars/Olympus' }, 'timeZone', messages.chatbot.unknownTimeZone],
      [{ ranges: [{ weekday: 2, start: '12:00', end: '09:00' }] }, 'ranges', messages.chatbot.endBeforeStart('Tuesday', '12:00')],
      [
        {
          ranges: [
            { weekday: 4, start: '09:00', end: '12:00' },
            { weekday: 4, start: '11:00', end: '13:00' },
          ],
        },
        'ranges',
        messages.chatbot.overlap('Thursday'),
      ],
    ];
    for (const [body, key, message] of cases) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ errorMsg: { [key]: [message] } });
    }
    const badTime = await put({ ranges: [{ weekday: 2, start: '9am', end: '10:00' }] });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.body).toContain('Enter a time as HH:MM, such as 09:00');
    const badSlot = await put({ slotMinutes: 7 });
    expect(badSlot.statusCode).toBe(400);
    expect(badSlot.body).toContain('Choose a slot length of 15, 20, 30, 45, 60, 90, 120 minutes');
    expect(await countRows(t.app, 'chatbot_availability', `client_id = '${A.client.id}' AND slot_minutes = 45`)).toBe(1);
  });
});

const chatOn = (clientId: string, on: boolean) =>
  t.app.db
    .update(clients)
    .set({ integrations: { chatbot: { enabled: on, botName: 'Ava' } } })
    .where(eq(clients.id, clientId));
const ask = (slug: string, q: string) =>
  t.app.inject({ method: 'GET', url: `/api/chatbot/public/ask?nameSlug=${encodeURIComponent(slug)}&q=${encodeURIComponent(q)}` });
const post = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, payload });
const visitor = (email: string) => ({ nameSlug: A.client.nameSlug, firstName: 'Casey', lastName: 'Chat', email, phone: '+1 512 555 0142', consent: true });

describe('the chat on the career site (public calls)', () => {
  it('is not available while the client’s chatbot is off, nor for an unknown site', async () => {
    await chatOn(A.client.id, false);
    for (const res of [await ask(A.client.nameSlug, 'nurse'), await ask('no-such-site-here', 'nurse')]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ errorMsg: { chatbot: [messages.chatbot.notAvailable] } });
    }
  });

  it('answers from the client’s open jobs with their facts, never another client’s', async () => {
    await chatOn(A.client.id, true);
    await chatOn(B.client.id, true);
    await createJobViaApi(t.app, A.recruiterAuth.headers, A.client.id, {
      title: 'Night Shift Nurse',
      salaryMin: 60000,
      salaryMax: 80000,
      salaryPeriod: 'YEAR',
    });
    await createJobViaApi(t.app, A.recruiterAuth.headers, A.client.id, { title: 'Pharmacist' });
    await createJobViaApi(t.app, B.recruiterAuth.headers, B.client.id, { title: 'Secret Nurse Surgeon' });
    const res = await ask(A.client.nameSlug, 'Do you have any nurse jobs?');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.topic).toBe('jobs');
    expect(body.answer).toContain('nurse');
    expect(body.jobs.map((j: { title: string }) => j.title)).toEqual(['Night Shift Nurse']);
    expect(body.jobs[0].facts).toContain('$60,000–$80,000 per year');
    expect(body.jobs[0].url).toContain(`/${A.client.nameSlug}/job/`);
    // Whitelisted: only the reply schema's fields leave.
    expect(Object.keys(body.jobs[0]).sort()).toEqual(['facts', 'title', 'url']);
    expect(res.body).not.toContain('Secret');
    expect(res.body).not.toContain(B.client.id);

    const none = (await ask(A.client.nameSlug, 'astronaut')).json();
    expect(none).toMatchObject({ topic: 'jobs', jobs: [] });
    expect(none.answer).toContain('no open job');
    const benefits = (await ask(A.client.nameSlug, 'What benefits do you offer?')).json();
    expect(benefits.topic).toBe('benefits');
    const interview = (await ask(A.client.nameSlug, 'Can I book an interview?')).json();
    expect(interview.topic).toBe('interview');
  });

  it('refuses bad input in words', async () => {
    const empty = await ask(A.client.nameSlug, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Type a question');
    const long = await ask(A.client.nameSlug, 'x'.repeat(301));
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('Keep the question under 300 characters');
    const noConsent = await post('/api/chatbot/public/candidate', { ...visitor('casey@example.test'), consent: false });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.body).toContain('Please agree to the privacy notice so that we can keep your details');
    const badEmail = await post('/api/chatbot/public/candidate', visitor('not-an-email'));
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.body).toContain('Please enter a valid email address');
    const badPhone = await post('/api/chatbot/public/candidate', { ...visitor('casey@example.test'), phone: 'call me' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.body).toContain('Please enter a phone number with at least 7 digits');
    expect(await countRows(t.app, 'candidates', `client_id = '${A.client.id}' AND email = 'casey@example.test'`)).toBe(0);
  });

  it('collects a candidate with consent, offers the availability’s times and books one, with the .ics mailed', async () => {
    // Every weekday 09:00–12:00 in Chicago, 60-minute interviews.
    const ranges = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '09:00', end: '12:00' }));
    expect((await put({ ranges, slotMinutes: 60 })).statusCode).toBe(200);

    const saved = await post('/api/chatbot/public/candidate', visitor('Casey.Chat@Example.test'));
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().message).toBe(messages.chatbot.candidateSaved('Casey'));
    expect(Object.keys(saved.json()).sort()).toEqual(['candidateToken', 'message']);
    const token = saved.json().candidateToken as string;
    const row = await t.app.db.execute<{ id: string; source: string; phone: string; consent: { source: string; text: string } }>(
      sql`SELECT id, source, phone, consent FROM candidates WHERE client_id = ${A.client.id} AND email = 'casey.chat@example.test'`,
    );
    expect(row.rows[0]).toMatchObject({ source: 'Chatbot', phone: '+1 512 555 0142' });
    expect(row.rows[0].consent.text).toBe(messages.privacy.consentSentence(A.client.name));
    expect(await countRows(t.app, 'candidate_consents', `client_id = '${A.client.id}' AND candidate_id = '${row.rows[0].id}'`)).toBe(1);

    const slots = await t.app.inject({ method: 'GET', url: `/api/chatbot/public/slots?nameSlug=${A.client.nameSlug}` });
    expect(slots.statusCode).toBe(200);
    const s = slots.json();
    expect(s).toMatchObject({ timeZone: 'America/Chicago', slotMinutes: 60 });
    expect(s.slots.length).toBe(12);
    expect(new Date(s.slots[0].start).getTime()).toBeGreaterThan(Date.now() + 2 * 3600_000 - 60_000);
    expect(s.slots[0].label).toMatch(/(CST|CDT)$/);

    // A token of another client, a tampered one, a time not offered and one in the past are refused in words.
    const other = signCandidateToken(t.app.config, { clientId: B.client.id, candidateId: row.rows[0].id });
    for (const [payload, status, text] of [
      [{ candidateToken: other, start: s.slots[0].start }, 400, messages.chatbot.tokenInvalid],
      [{ candidateToken: `${token}x`, start: s.slots[0].start }, 400, messages.chatbot.tokenInvalid],
      [{ candidateToken: token, start: '2020-01-01T15:00:00.000Z' }, 400, messages.chatbot.slotPast],
      [{ candidateToken: token, start: new Date(new Date(s.slots[0].start).getTime() + 60_000).toISOString() }, 409, messages.chatbot.slotNotOffered],
    ] as const) {
      const res = await post('/api/chatbot/public/book', { nameSlug: A.client.nameSlug, ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json()).toEqual({ errorMsg: { [payload.candidateToken === token ? 'start' : 'candidateToken']: [text] } });
    }
    expect(await countRows(t.app, 'chatbot_bookings', `client_id = '${A.client.id}'`)).toBe(0);

    const booked = await post('/api/chatbot/public/book', { nameSlug: A.client.nameSlug, candidateToken: token, start: s.slots[1].start });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().message).toBe(messages.chatbot.booked(booked.json().when));
    expect(booked.json().when).toMatch(/\((CST|CDT)\)$/);
    const mail = await simpleParser((await smtp.waitFor('casey.chat@example.test')).raw);
    expect(mail.subject).toContain(`Booked: Interview – ${A.client.name}`);
    const ics = mail.attachments.find((a) => a.filename === 'invite.ics')?.content.toString('utf8') ?? '';
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain(`DTSTART:${s.slots[1].start.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
    expect(ics).toContain('casey.chat@example.test');
    const recruiterMail = await smtp.waitFor(A.recruiter.email.toLowerCase());
    expect(mailText(recruiterMail.raw)).toContain('Casey Chat');

    // The booked time is no longer offered; a second booking for the same candidate is refused.
    const after = (await t.app.inject({ method: 'GET', url: `/api/chatbot/public/slots?nameSlug=${A.client.nameSlug}` })).json();
    expect(after.slots.map((x: { start: string }) => x.start)).not.toContain(s.slots[1].start);
    const again = await post('/api/chatbot/public/book', { nameSlug: A.client.nameSlug, candidateToken: token, start: s.slots[2].start });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorMsg.start[0]).toBe(messages.chatbot.alreadyBooked(booked.json().when));
  });

  it('gives one booking when two visitors choose the same time at once', async () => {
    const one = (await post('/api/chatbot/public/candidate', visitor('one@example.test'))).json().candidateToken;
    const two = (await post('/api/chatbot/public/candidate', visitor('two@example.test'))).json().candidateToken;
    const start = (await t.app.inject({ method: 'GET', url: `/api/chatbot/public/slots?nameSlug=${A.client.nameSlug}` })).json().slots[3].start;
    const [a, b] = await Promise.all([
      post('/api/chatbot/public/book', { nameSlug: A.client.nameSlug, candidateToken: one, start }),
      post('/api/chatbot/public/book', { nameSlug: A.client.nameSlug, candidateToken: two, start }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect([messages.chatbot.slotTaken, messages.chatbot.slotNotOffered]).toContain(loser.json().errorMsg.start[0]);
    expect(await countRows(t.app, 'chatbot_bookings', `client_id = '${A.client.id}' AND starts_at = '${start}'`)).toBe(1);
  });

  it('lets the candidate reschedule and cancel from the link in the confirmation; a tampered link, a time not offered and a cancelled booking are refused in words', async () => {
    /** The mail to `to` whose subject starts with `subject`, parsed. */
    const mailTo = async (to: string, subject: string) => {
      const deadline = Date.now() + 15000;
      for (;;) {
        for (const x of smtp.mails.filter((x) => x.to.includes(to))) {
          const parsed = await simpleParser(x.raw);
          if (parsed.subject?.startsWith(subject)) return parsed;
        }
        if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const icsOf = (mail: Awaited<ReturnType<typeof mailTo>>) => mail.attachments.find((a) => a.filename?.endsWith('.ics'))?.content.toString('utf8') ?? '';
    const slots = async () =>
      ((await t.app.inject({ method: 'GET', url: `/api/chatbot/public/slots?nameSlug=${A.client.nameSlug}` })).json().slots as { start: string }[]).map(
        (x) => x.start,
      );
    const visitorToken = (await post('/api/chatbot/public/candidate', visitor('dana@example.test'))).json().candidateToken;
    const first = (await slots())[5];
    const booked = await post('/api/chatbot/public/book', { nameSlug: A.client.nameSlug, candidateToken: visitorToken, start: first });
    expect(booked.statusCode, booked.body).toBe(201);
    const manageUrl: string = booked.json().manageUrl;
    const link = manageUrl.split('/schedule/chat/')[1];
    expect(manageUrl).toBe(`${t.app.config.publicUrl}/schedule/chat/${link}`);
    const confirmation = await mailTo('dana@example.test', 'Booked: Interview');
    expect(confirmation.text).toContain(manageUrl);
    const uid = /UID:(.+)/.exec(icsOf(confirmation))?.[1].trim() ?? '';
    expect(uid).toMatch(/^chatbot-/);
    // Only the hash of the link's secret is stored.
    const secret = Buffer.from(link, 'base64url').subarray(32).toString('hex');
    expect(await countRows(t.app, 'chatbot_booking_links', `secret_hash LIKE '%${secret}%'`)).toBe(0);
    expect(await countRows(t.app, 'chatbot_booking_links', `client_id = '${A.client.id}' AND sequence = 0`)).toBeGreaterThan(0);

    const page = (token: string) => t.app.inject({ method: 'GET', url: `/api/chatbot/public/bookings/${token}` });
    const view = await page(link);
    expect(view.statusCode, view.body).toBe(200);
    expect(Object.keys(view.json()).sort()).toEqual(['booking', 'companyName', 'durationMinutes', 'expiresAt', 'interviewName', 'jobTitle', 'slots', 'state']);
    expect(view.json()).toMatchObject({
      companyName: A.client.name,
      interviewName: 'Interview',
      durationMinutes: 60,
      state: 'booked',
      booking: { start: first },
    });
    const tampered = `${link.slice(0, -2)}${link.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [tampered, 'not-a-link']) {
      const res = await page(bad);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ errorMsg: { scheduling: [messages.chatbot.bookingLinkInvalid] } });
    }

    const move = (start: string, token = link) =>
      t.app.inject({ method: 'POST', url: `/api/chatbot/public/bookings/${token}/reschedule`, payload: { start, timeZone: 'UTC' } });
    const offered: string[] = view.json().slots.map((x: { start: string }) => x.start);
    expect(offered).not.toContain(first);
    const notOffered = await move(new Date(new Date(offered[0]).getTime() + 60_000).toISOString());
    expect(notOffered.statusCode).toBe(409);
    expect(notOffered.json().errorMsg.start).toEqual([messages.chatbot.slotNotOffered]);
    const past = await move('2020-01-01T15:00:00.000Z');
    expect(past.statusCode).toBe(400);
    expect(past.json().errorMsg.start).toEqual([messages.chatbot.slotPast]);
    expect((await move(offered[0], tampered)).statusCode).toBe(404);

    const moved = await move(offered[0]);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().booking.start).toBe(offered[0]);
    expect(moved.json().message).toMatch(/^Your interview is moved to .+\((CST|CDT)\)\. An updated invitation is on its way by email\.$/);
    const movedIcs = icsOf(await mailTo('dana@example.test', 'Moved: Interview'));
    expect(movedIcs).toContain('METHOD:REQUEST');
    expect(movedIcs).toContain(`UID:${uid}`);
    expect(movedIcs).toContain('SEQUENCE:1');
    expect(movedIcs).toContain(`DTSTART:${offered[0].replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
    // The old time is offered again, the new one is not.
    expect(await slots()).toContain(first);
    expect(await slots()).not.toContain(offered[0]);

    const cancel = (token = link) => t.app.inject({ method: 'POST', url: `/api/chatbot/public/bookings/${token}/cancel`, payload: {} });
    const cancelled = await cancel();
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().message).toBe(messages.chatbot.cancelledThanks);
    const cancelIcs = icsOf(await mailTo('dana@example.test', 'Cancelled: Interview'));
    expect(cancelIcs).toContain('METHOD:CANCEL');
    expect(cancelIcs).toContain('STATUS:CANCELLED');
    expect(cancelIcs).toContain('SEQUENCE:2');
    expect(icsOf(await mailTo(A.recruiter.email.toLowerCase(), 'Cancelled: Interview'))).toContain(`UID:${uid}`);
    expect((await page(link)).json()).toMatchObject({ state: 'cancelled', booking: null, slots: [] });
    const again = await cancel();
    expect(again.statusCode).toBe(409);
    expect(again.json().errorMsg.scheduling).toEqual([messages.chatbot.bookingCancelled]);
    expect((await move(first)).json().errorMsg.scheduling).toEqual([messages.chatbot.bookingCancelled]);
    // Its time is free again, and the candidate may book anew in the chat.
    expect(await slots()).toContain(offered[0]);
    const anew = await post('/api/chatbot/public/book', { nameSlug: A.client.nameSlug, candidateToken: visitorToken, start: offered[0] });
    expect(anew.statusCode, anew.body).toBe(201);
  });
});

describe('slot arithmetic', () => {
  it('keeps wall-clock times across daylight saving and skips booked and too-soon times', () => {
    expect(zonedTime({ y: 2026, m: 3, d: 6 }, 9 * 60, 'America/Chicago').toISOString()).toBe('2026-03-06T15:00:00.000Z');
    expect(zonedTime({ y: 2026, m: 3, d: 9 }, 9 * 60, 'America/Chicago').toISOString()).toBe('2026-03-09T14:00:00.000Z');
    const now = new Date('2026-03-06T14:30:00Z'); // Friday 08:30 in Chicago
    const slots = offeredSlots({
      ranges: [{ weekday: 5, start: '09:00', end: '12:00' }],
      slotMinutes: 60,
      timeZone: 'America/Chicago',
      now,
      booked: [new Date('2026-03-06T17:00:00Z')],
    });
    // 09:00 and 10:00 are within the two hours' notice, 11:00 is booked; next Friday's three remain.
    expect(slots.map((x) => x.start.toISOString()).slice(0, 3)).toEqual(['2026-03-13T14:00:00.000Z', '2026-03-13T15:00:00.000Z', '2026-03-13T16:00:00.000Z']);
  });

  it('signs candidate tokens that expire and bind the client', () => {
    const candidateId = '11111111-2222-4333-8444-555555555555';
    const clientId = '66666666-7777-4888-8999-000000000000';
    const token = signCandidateToken(t.app.config, { clientId, candidateId, now: 0 });
    expect(readCandidateToken(t.app.config, { clientId, token, now: 1000 })).toBe(candidateId);
    expect(readCandidateToken(t.app.config, { clientId, token, now: 25 * 3600_000 })).toBeNull();
    expect(readCandidateToken(t.app.config, { clientId: candidateId, token, now: 1000 })).toBeNull();
  });
});
