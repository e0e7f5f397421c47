import { messages } from '@hh/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createJobViaApi, createTenant, createUser, setupTestApp, startSmtp, type TestApp } from '../../test/helpers.ts';
import { calendarWorkingHours } from '../db/schema/calendars.ts';
import { applications, candidates } from '../db/schema/candidates.ts';

/** The booking-link merge field: a message carries each recipient's own self-scheduling link (docs/conversations.md). */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let A: Awaited<ReturnType<typeof createTenant>>;
let jobId: string;
let bareJobId: string;
type Auth = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Auth, payload?: object) => t.app.inject({ method, url, headers, payload });
const errorOf = (res: { json(): unknown }) => (res.json() as { errorMsg: Record<string, string[]> }).errorMsg;
const linkIn = (text: string) => /\/schedule\/([A-Za-z0-9_-]{75})/.exec(text)?.[1] ?? null;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await setupTestApp({ SMTP_URL: smtp.url });
  A = await createTenant(t.app);
  const ivr = await createUser(t.app, { role: 'user', clientId: A.client.id });
  await t.app.db.insert(calendarWorkingHours).values({
    clientId: A.client.id,
    userId: ivr.id,
    timeZone: 'UTC',
    days: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, on: true, start: '09:00', end: '17:00' })),
    minimumNoticeMinutes: 60,
    dailyMaximum: 8,
  });
  jobId = (await createJobViaApi(t.app, A.staffAuth.headers, A.client.id, { title: 'Ward Clerk' }))._id;
  bareJobId = (await createJobViaApi(t.app, A.staffAuth.headers, A.client.id, { title: 'Porter' }))._id;
  const plan = await call('PUT', `/api/jobs/${jobId}/interview-plan`, A.recruiterAuth.headers, {
    clientId: A.client.id,
    interviews: [{ name: 'Phone screen', durationMinutes: 30, interviewerIds: [ivr.id] }],
    attributes: [],
  });
  expect(plan.statusCode, plan.body).toBe(200);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let n = 0;
async function candidate(first: string, job: string | null) {
  n++;
  const [c] = await t.app.db
    .insert(candidates)
    .values({ clientId: A.client.id, firstName: first, lastName: 'Okafor', email: `${first.toLowerCase()}${n}@cand.example`, phone: '+15125550100' })
    .returning();
  if (job) await t.app.db.insert(applications).values({ clientId: A.client.id, candidateId: c.id, jobId: job });
  return c;
}
const send = (candidateIds: string[], extra: object = {}) =>
  call('POST', '/api/conversations/send', A.staffAuth.headers, {
    clientId: A.client.id,
    candidateIds,
    channel: 'email',
    subject: 'Your interview at {{clientName}}',
    body: '<p>Hello {{firstName}}, pick a time: {{bookingLink}}</p>',
    jobId,
    ...extra,
  });

describe('the booking-link merge field', () => {
  it('puts the recipient’s own link in the message (a link on the page that books the plan’s interview), without mailing a link of its own; the next message reuses it', async () => {
    const c = await candidate('Ada', jobId);
    const res = await send([c.id]);
    expect(res.statusCode, res.body).toBe(202);
    const [msg] = res.json().messages;
    const token = linkIn(msg.bodyText);
    expect(token).not.toBeNull();
    expect(msg.bodyHtml).toContain(`<a href="${t.app.config.publicUrl}/schedule/${token}">`);
    const page = await t.app.inject({ method: 'GET', url: `/api/scheduling/${token}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ interviewName: 'Phone screen', jobTitle: 'Ward Clerk', state: 'open' });
    // Only the hash is stored, and the scheduling link's own mail ("Choose a time…") is not sent.
    const secret = Buffer.from(token as string, 'base64url')
      .subarray(32)
      .toString('hex');
    expect(await countRows(t.app, 'scheduling_links', `secret_hash LIKE '%${secret}%'`)).toBe(0);
    expect(await countRows(t.app, 'scheduling_links', `client_id = '${A.client.id}' AND secret_derived`)).toBe(1);
    expect(await countRows(t.app, 'outbox', `to_address = '${c.email}' AND subject LIKE 'Choose a time%'`)).toBe(0);
    const again = await send([c.id], { body: 'Still free? {{bookingLink}}' });
    expect(again.statusCode, again.body).toBe(202);
    expect(linkIn(again.json().messages[0].bodyText)).toBe(token);
    expect(await countRows(t.app, 'scheduling_links', `client_id = '${A.client.id}' AND secret_derived`)).toBe(1);
    // Once booked, the plan has nothing left to book for Ada: the next message with the field is refused.
    const slot = page.json().slots[0];
    const booked = await t.app.inject({ method: 'POST', url: `/api/scheduling/${token}/book`, payload: { start: slot.start, timeZone: 'UTC' } });
    expect(booked.statusCode, booked.body).toBe(201);
    const after = await send([c.id]);
    expect(after.statusCode).toBe(400);
    expect(errorOf(after).candidateIds).toEqual([messages.scheduling.bookingLinkNoInterview('Ada Okafor', 'Ward Clerk')]);
  });

  it('an SMS carries the link as text', async () => {
    const c = await candidate('Bea', jobId);
    const res = await send([c.id], { channel: 'sms', subject: undefined, body: 'Book your interview: {{bookingLink}}' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().messages[0].bodyText).toMatch(/^Book your interview: https?:\/\/\S+\/schedule\/[A-Za-z0-9_-]{75}$/);
  });

  it('the preview names the interview for those who can book and the problem for the others; a send to them alone is refused, a bulk send leaves them out', async () => {
    const ok = await candidate('Cleo', jobId);
    const other = await candidate('Dov', bareJobId);
    const none = await candidate('Eli', null);
    const preview = await call('POST', '/api/conversations/preview', A.staffAuth.headers, {
      clientId: A.client.id,
      candidateIds: [ok.id, other.id, none.id],
      channel: 'email',
      subject: 'Book',
      body: 'Pick a time: {{bookingLink}}',
      jobId,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const [p1, p2, p3] = preview.json().results;
    expect(p1).toMatchObject({ problem: null, bodyText: `Pick a time: ${messages.scheduling.bookingLinkPreview('Phone screen')}` });
    expect(p2.problem).toBe(messages.scheduling.bookingLinkNoApplication('Dov Okafor', 'Ward Clerk'));
    expect(p3.problem).toBe(messages.scheduling.bookingLinkNoApplication('Eli Okafor', 'Ward Clerk'));
    // Nothing is stored by a preview.
    expect(await countRows(t.app, 'scheduling_links', `client_id = '${A.client.id}'`)).toBe(2);
    // Without a job, the candidate's latest application: Dov's job has no interview plan.
    const alone = await send([other.id], { jobId: undefined });
    expect(alone.statusCode).toBe(400);
    expect(errorOf(alone).candidateIds).toEqual([messages.scheduling.bookingLinkNoInterview('Dov Okafor', 'Porter')]);
    const noApp = await send([none.id], { jobId: undefined });
    expect(errorOf(noApp).candidateIds).toEqual([messages.scheduling.bookingLinkNoApplication('Eli Okafor', null)]);
    expect(await countRows(t.app, 'conversation_messages', `candidate_id IN ('${other.id}', '${none.id}')`)).toBe(0);
    const bulk = await send([ok.id, other.id, none.id]);
    expect(bulk.statusCode, bulk.body).toBe(202);
    expect(bulk.json()).toMatchObject({ count: 1, message: messages.conversations.bulkQueued(1) });
  });

  it('a library template may use the field (saved and previewed with a sample in its place)', async () => {
    const saved = await call('POST', '/api/email-templates/create', A.staffAuth.headers, {
      clientId: A.client.id,
      name: 'Book an interview',
      emailValue: 'Hello {{firstName}}, choose a time here: {{bookingLink}}',
    });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    const preview = await call('POST', '/api/email-templates/library/preview', A.staffAuth.headers, {
      clientId: A.client.id,
      name: 'Book an interview',
      emailValue: 'Choose a time here: {{bookingLink}}',
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().text).toContain(`Choose a time here: ${messages.scheduling.bookingLinkSample}`);
  });
});
