import { LIBRARY_SAMPLE_RECIPIENT } from '@hh/contract/email-templates';
import { messages } from '@hh/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobViaApi, createTenant, createUser, mailText, setupTestApp, signIn, startSmtp, type TestApp } from '../../test/helpers.ts';

/** A library template's draft filled for a real candidate of the client or the sample recipient: the preview call, the recipients it may be filled for, and the test sent to the caller, at a loopback SMTP server. */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let A: Awaited<ReturnType<typeof createTenant>>;
let B: Awaited<ReturnType<typeof createTenant>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await setupTestApp({ SMTP_URL: smtp.url });
  A = await createTenant(t.app);
  B = await createTenant(t.app);
  await t.app.pool.query(`UPDATE users SET first_name = 'Riley', last_name = 'Recruiter' WHERE id = $1`, [A.staff.id]);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const post = (path: string, payload: object, headers = A.staffAuth.headers) =>
  t.app.inject({ method: 'POST', url: `/api/email-templates/library/${path}`, headers, payload: { clientId: A.client.id, ...payload } });
const { firstName, lastName, jobTitle } = LIBRARY_SAMPLE_RECIPIENT;

describe('library templates: preview and test', () => {
  it('the preview fills every conversation field for the sample candidate, the caller and the client, in the branded layout (values escaped)', async () => {
    const res = await post('preview', {
      name: 'Interview invite',
      subject: 'Meet {{recruiterName}} about {{jobTitle}}',
      emailValue: '<p>Hi {{firstName}} {{lastName}}, welcome to <span data-merge-field="clientName">{{clientName}}</span>.</p><script>x()</script>',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.subject).toBe(`Meet Riley Recruiter about ${jobTitle}`);
    expect(body.text).toContain(`Hi ${firstName} ${lastName}, welcome to ${A.client.name}.`);
    expect(body.html).toContain(`Hi ${firstName} ${lastName}, welcome to`);
    expect(body.html).not.toContain('<script>x()');
    expect(body.html).not.toContain('{{');
    expect(body.sample).toEqual({ candidateId: null, candidateName: `${firstName} ${lastName}`, jobTitle, recruiterName: 'Riley Recruiter' });
  });

  it('no subject: the name is the subject, as when the template is saved', async () => {
    const res = await post('preview', { name: 'Quick hello', emailValue: 'Hi {{firstName}}' });
    expect(res.statusCode).toBe(200);
    expect(res.json().subject).toBe('Quick hello');
  });

  it('an unknown merge field is a 400 naming it and where it is; a system mail’s own field is unknown in a library template; an empty body is a 400', async () => {
    const allowed = '{{firstName}}, {{lastName}}, {{jobTitle}}, {{recruiterName}}, {{clientName}}, {{bookingLink}}';
    const inBody = await post('preview', { name: 'X', emailValue: 'Hi {{fristName}}' });
    expect(inBody.statusCode).toBe(400);
    expect(inBody.json()).toEqual({ errorMsg: { emailValue: [messages.team.templateUnknownField('fristName', allowed)] } });
    const inSubject = await post('test-send', { name: 'X', subject: 'Your {{link}}', emailValue: 'Hi' });
    expect(inSubject.statusCode).toBe(400);
    expect(inSubject.json()).toEqual({ errorMsg: { subject: [messages.team.templateUnknownField('link', allowed)] } });
    const empty = await post('preview', { name: 'X', emailValue: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errorMsg)).toEqual(['emailValue']);
  });

  it('“send me a test” mails the filled draft to the caller’s own address only, marked [Test]', async () => {
    const res = await post('test-send', {
      name: 'Follow-up',
      subject: 'Still keen, {{firstName}}?',
      emailValue: '<p>{{recruiterName}} here about {{jobTitle}}.</p>',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: messages.team.templateTestSent(A.staff.email) });
    const mail = await smtp.waitFor(A.staff.email);
    const raw = mailText(mail.raw);
    expect(raw).toContain(`Subject: [Test] Still keen, ${firstName}?`);
    expect(raw).toContain(`Riley Recruiter here about ${jobTitle}.`);
  });

  it('another client’s id is refused, and nothing is mailed', async () => {
    const res = await post('test-send', { clientId: B.client.id, name: 'X', emailValue: 'Hi' });
    expect([403, 404]).toContain(res.statusCode);
    const preview = await post('preview', { clientId: B.client.id, name: 'X', emailValue: 'Hi' });
    expect([403, 404]).toContain(preview.statusCode);
  });
});

describe('library templates: a real candidate as the recipient', () => {
  /** A candidate of the client, made `minutesAgo` ago, with an application to `jobId` if given. */
  async function candidate(clientId: string, first: string, last: string, minutesAgo: number, jobId?: string) {
    const { rows } = await t.app.pool.query<{ id: string }>(
      `INSERT INTO candidates (client_id, first_name, last_name, email, created_at)
       VALUES ($1, $2, $3, $4, now() - make_interval(mins => $5)) RETURNING id`,
      [clientId, first, last, `${first.toLowerCase()}.${crypto.randomUUID().slice(0, 8)}@cand.example`, minutesAgo],
    );
    if (jobId) await t.app.pool.query('INSERT INTO applications (client_id, candidate_id, job_id) VALUES ($1, $2, $3)', [clientId, rows[0].id, jobId]);
    return rows[0].id;
  }

  it('lists the client’s candidates newest first with their latest job, finds one by name, and fills the preview and the test for the one chosen', async () => {
    const C = await createTenant(t.app);
    const job = await createJobViaApi(t.app, C.recruiterAuth.headers, C.client.id, { title: 'ICU Nurse (Nights)' });
    const olga = await candidate(C.client.id, 'Olga', 'Older', 60, job._id);
    const nina = await candidate(C.client.id, 'Nina', 'Newest', 1);
    const erased = await candidate(C.client.id, 'Eve', 'Erased', 0);
    await t.app.pool.query('UPDATE candidates SET anonymized_at = now() WHERE id = $1', [erased]);

    const list = await t.app.inject({ method: 'GET', url: `/api/email-templates/library/recipients?clientId=${C.client.id}`, headers: C.staffAuth.headers });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().results.map((r: { _id: string; name: string; jobTitle: string }) => [r._id, r.name, r.jobTitle])).toEqual([
      [nina, 'Nina Newest', ''],
      [olga, 'Olga Older', 'ICU Nurse (Nights)'],
    ]);
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/email-templates/library/recipients?clientId=${C.client.id}&search=OLG`,
      headers: C.staffAuth.headers,
    });
    expect(found.json().results.map((r: { name: string }) => r.name)).toEqual(['Olga Older']);

    const draft = {
      clientId: C.client.id,
      name: 'Invite',
      subject: 'About {{jobTitle}}, {{firstName}}',
      emailValue: '<p>Hi {{firstName}} {{lastName}}, about {{jobTitle}}.</p>',
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/email-templates/library/preview',
      headers: C.staffAuth.headers,
      payload: { ...draft, candidateId: olga },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().subject).toBe('About ICU Nurse (Nights), Olga');
    expect(res.json().html).toContain('Hi Olga Older, about ICU Nurse (Nights).');
    expect(res.json().sample).toMatchObject({ candidateId: olga, candidateName: 'Olga Older', jobTitle: 'ICU Nurse (Nights)' });
    // No application: the job title stays empty, as in a message sent without a job.
    const noJob = await t.app.inject({
      method: 'POST',
      url: '/api/email-templates/library/preview',
      headers: C.staffAuth.headers,
      payload: { ...draft, candidateId: nina },
    });
    expect(noJob.json().subject).toBe('About, Nina'); // the empty field's space is not doubled

    const test = await t.app.inject({
      method: 'POST',
      url: '/api/email-templates/library/test-send',
      headers: C.staffAuth.headers,
      payload: { ...draft, candidateId: olga },
    });
    expect(test.statusCode, test.body).toBe(200);
    const raw = mailText((await smtp.waitFor(C.staff.email)).raw);
    expect(raw).toContain('Subject: [Test] About ICU Nurse (Nights), Olga');
    expect(raw).toContain('Hi Olga Older, about ICU Nurse');
  });

  it('another client’s or an erased candidate is a 404; a user who may not read candidates gets 403 for a real one and the sample still', async () => {
    const C = await createTenant(t.app);
    const theirs = await candidate(B.client.id, 'Bea', 'Other', 1);
    const erased = await candidate(C.client.id, 'Eve', 'Erased', 1);
    await t.app.pool.query('UPDATE candidates SET anonymized_at = now() WHERE id = $1', [erased]);
    for (const candidateId of [theirs, erased]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/email-templates/library/preview',
        headers: C.staffAuth.headers,
        payload: { clientId: C.client.id, name: 'X', emailValue: 'Hi {{firstName}}', candidateId },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ errorMsg: { candidateId: [messages.crm.candidateNotFound] } });
    }
    // Client staff with a Wave right only: a member of the client, but no reader of its candidates.
    const waveOnly = await createUser(t.app, { role: 'user', clientId: C.client.id, products: { wave: 'admin' } });
    const auth = await signIn(t.app, waveOnly.email);
    const mine = await candidate(C.client.id, 'Cara', 'Mine', 1);
    const list = await t.app.inject({ method: 'GET', url: `/api/email-templates/library/recipients?clientId=${C.client.id}`, headers: auth.headers });
    expect(list.statusCode).toBe(403);
    const real = await t.app.inject({
      method: 'POST',
      url: '/api/email-templates/library/preview',
      headers: auth.headers,
      payload: { clientId: C.client.id, name: 'X', emailValue: 'Hi {{firstName}}', candidateId: mine },
    });
    expect(real.statusCode).toBe(403);
    expect(real.body).not.toContain('Cara');
    const sample = await t.app.inject({
      method: 'POST',
      url: '/api/email-templates/library/preview',
      headers: auth.headers,
      payload: { clientId: C.client.id, name: 'X', emailValue: 'Hi {{firstName}}' },
    });
    expect(sample.statusCode).toBe(200);
    expect(sample.json().text).toContain(`Hi ${firstName}`);
  });
});
