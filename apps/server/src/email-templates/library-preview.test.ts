import { LIBRARY_SAMPLE_RECIPIENT } from '@hh/contract/email-templates';
import { messages } from '@hh/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, mailText, setupTestApp, startSmtp, type TestApp } from '../../test/helpers.ts';

/** A library template's draft filled for the sample recipient: the preview call and the test sent to the caller, at a loopback SMTP server. */
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
    expect(body.sample).toEqual({ candidateName: `${firstName} ${lastName}`, jobTitle, recruiterName: 'Riley Recruiter' });
  });

  it('no subject: the name is the subject, as when the template is saved', async () => {
    const res = await post('preview', { name: 'Quick hello', emailValue: 'Hi {{firstName}}' });
    expect(res.statusCode).toBe(200);
    expect(res.json().subject).toBe('Quick hello');
  });

  it('an unknown merge field is a 400 naming it and where it is; a system mail’s own field is unknown in a library template; an empty body is a 400', async () => {
    const allowed = '{{firstName}}, {{lastName}}, {{jobTitle}}, {{recruiterName}}, {{clientName}}';
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
