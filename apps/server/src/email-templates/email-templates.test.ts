import { messages } from '@hh/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { solveJobPageCaptcha } from '../../test/captcha.ts';
import {
  countRows,
  createJobViaApi,
  createTenant,
  createUser,
  mailText,
  type ReceivedMail,
  setupTestApp,
  signIn,
  startSmtp,
  type TestApp,
} from '../../test/helpers.ts';
import { notifyNewApplication } from '../applications/notify-application.ts';
import { depsOf } from '../core/deps.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let A: Awaited<ReturnType<typeof createTenant>>;
let B: Awaited<ReturnType<typeof createTenant>>;

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

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string> = {}, payload?: object) => t.app.inject({ method, url, headers, payload });
const save = (headers: Record<string, string>, body: object) => call('POST', '/api/email-templates/create', headers, { clientId: A.client.id, ...body });

/** The plain-text and HTML parts of a received mail (quoted-printable decoded). */
function parts(m: ReceivedMail): { subject: string; text: string; html: string } {
  const raw = mailText(m.raw);
  const headers = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const subject = /^Subject: (.*)$/m.exec(headers)?.[1] ?? '';
  const section = (type: string) => {
    const i = raw.indexOf(`Content-Type: ${type}`);
    if (i < 0) return '';
    const body = raw.slice(raw.indexOf('\r\n\r\n', i) + 4);
    return body
      .slice(0, body.search(/\r\n--[^\r\n]+/))
      .replace(/\r\n/g, '\n')
      .trim();
  };
  return { subject, text: section('text/plain'), html: section('text/html') };
}
const mailTo = async (to: string, nth = 1) => {
  await smtp.waitFor(to);
  const deadline = Date.now() + 10000;
  while (smtp.mails.filter((m) => m.to.includes(to)).length < nth && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  return parts(smtp.mails.filter((m) => m.to.includes(to))[nth - 1]);
};

describe('email templates: storing and removing', () => {
  it('stores the rich-text body sanitised; an empty body is a 400 naming the field; nothing is stored', async () => {
    const res = await save(A.staffAuth.headers, {
      name: 'referral',
      subject: 'A job for you at {{clientName}}',
      emailValue:
        '<p onclick="x()">Hi{{firstName}} <strong>look</strong><script>alert(1)</script></p><p><a href="javascript:alert(1)">bad</a> <a href="https://ok.example/">ok</a></p>',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(messages.recruiting.templateCreated);
    const row = await t.app.db.execute<{ email_value: string }>(
      `SELECT email_value FROM email_templates WHERE client_id = '${A.client.id}' AND name = 'referral'` as never,
    );
    expect(row.rows[0].email_value).toBe('<p>Hi{{firstName}} <strong>look</strong></p><p><a>bad</a> <a href="https://ok.example/">ok</a></p>');

    const empty = await save(A.staffAuth.headers, { name: 'followUp', subject: 'x', emailValue: '<p><script>x</script></p>' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ errorMsg: { emailValue: [messages.team.templateBodyEmpty] } });
    expect(await countRows(t.app, 'email_templates', `client_id = '${A.client.id}' AND name = 'followUp'`)).toBe(0);
  });

  it('removes a template (back to the product text), 404 when there is none, and tenants stay apart', async () => {
    await save(A.staffAuth.headers, { name: 'campaign', subject: 'News', emailValue: 'Hello{{firstName}}' });
    const foreign = await call('DELETE', `/api/email-templates/delete?clientId=${A.client.id}&name=campaign`, B.recruiterAuth.headers);
    expect(foreign.statusCode).toBe(404);
    const member = await createUser(t.app, { role: 'user', clientId: A.client.id, products: { harvest: 'member', wave: 'member' } });
    const memberCall = await call('DELETE', `/api/email-templates/delete?clientId=${A.client.id}&name=campaign`, (await signIn(t.app, member.email)).headers);
    expect(memberCall.statusCode).toBe(403);
    expect(await countRows(t.app, 'email_templates', `client_id = '${A.client.id}' AND name = 'campaign'`)).toBe(1);
    const res = await call('DELETE', `/api/email-templates/delete?clientId=${A.client.id}&name=campaign`, A.recruiterAuth.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.team.templateDeleted });
    expect(await countRows(t.app, 'email_templates', `client_id = '${A.client.id}' AND name = 'campaign'`)).toBe(0);
    const again = await call('DELETE', `/api/email-templates/delete?clientId=${A.client.id}&name=campaign`, A.recruiterAuth.headers);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ errorMsg: { name: [messages.team.templateNotFound] } });
    // Any name may be a library template's: one the client does not have is a 404 like the rest.
    const bad = await call('DELETE', `/api/email-templates/delete?clientId=${A.client.id}&name=newsletter`, A.recruiterAuth.headers);
    expect(bad.statusCode).toBe(404);
  });

  it('previews the mail as sent: the client branding around the filled body, the text part, sample values', async () => {
    const res = await call('POST', '/api/email-templates/preview', A.staffAuth.headers, {
      clientId: A.client.id,
      name: 'applicationReceived',
      subject: 'Thanks, {{firstName}}!',
      emailValue: '<p>Hi{{firstName}}, thanks for applying for <strong>{{jobTitle}}</strong>.</p><ul><li>Step one</li></ul>',
    });
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p.subject).toBe('Thanks, Alex!');
    expect(p.text).toBe('Hi Alex, thanks for applying for Registered Nurse.\n\n- Step one');
    expect(p.html).toMatch(/^<!DOCTYPE html/);
    expect(p.html).toContain('<p>Hi Alex, thanks for applying for <strong>Registered Nurse</strong>.</p>');
    expect(p.html).toContain(`Sent by ${A.client.name} through Humanize Hiring.`);
    // Without a draft or a saved template: the product's default text.
    const def = await call('POST', '/api/email-templates/preview', A.staffAuth.headers, { clientId: A.client.id, name: 'profileRejected' });
    expect(def.json().subject).toBe('Your Wave profile needs changes');
    expect(def.json().text).toContain(`Your Wave profile for ${A.client.name} was not approved.`);
  });

  it("previews the invitation's expiry as the mail writes it: a date for people with its zone named, not the GMT machine form", async () => {
    const res = await call('POST', '/api/email-templates/preview', A.staffAuth.headers, { clientId: A.client.id, name: 'invitation' });
    expect(res.statusCode, res.body).toBe(200);
    const text: string = res.json().text;
    expect(text).toMatch(/expires on (Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s[AP]M \(UTC\)\./);
    expect(text).not.toContain('GMT');
  });
});

describe('the product mails use the client template when there is one (loopback SMTP)', () => {
  const job = {
    id: '00000000-0000-4000-8000-000000000001',
    title: 'Night <Nurse>',
    referenceNumber: 'R-1',
    recruiterEmail: 'r@a.example',
    recruitersAssigned: [],
  };
  const notice = (clientId: string, email: string) => ({
    clientId,
    job,
    candidate: { id: '00000000-0000-4000-8000-000000000002', firstName: 'Sam', lastName: 'Seeker', email, phone: null },
    answers: [],
    resume: null,
    updated: false,
  });

  it('application received: the client template with merge fields, branded, with a plain-text part; another client keeps the default', async () => {
    const saved = await save(A.staffAuth.headers, {
      name: 'applicationReceived',
      subject: '{{clientName}} got it, {{firstName}}',
      emailValue: '<p>Hello{{firstName}}!</p><p>Your application for <strong>{{jobTitle}}</strong> is with our team.</p>',
    });
    expect(saved.statusCode).toBe(201);
    const email = `seeker-${Date.now()}@applicant.example`;
    await notifyNewApplication(depsOf(t.app), notice(A.client.id, email));
    const m = await mailTo(email);
    expect(m.subject).toBe(`${A.client.name} got it, Sam`);
    expect(m.text).toBe('Hello Sam!\n\nYour application for Night <Nurse> is with our team.');
    expect(m.html).toContain('<p>Hello Sam!</p><p>Your application for <strong>Night &lt;Nurse&gt;</strong> is with our team.</p>');
    expect(m.html).toContain(`Sent by ${A.client.name} through Humanize Hiring.`);

    const other = `seeker-b-${Date.now()}@applicant.example`;
    await notifyNewApplication(depsOf(t.app), notice(B.client.id, other));
    expect((await mailTo(other)).subject).toBe(`${B.client.name}: we received your application for Night <Nurse>`);
  });

  it('profile rejected: the Wave reviewer rejects and the owner gets the client template with the reason and link', async () => {
    await save(A.recruiterAuth.headers, {
      name: 'profileRejected',
      subject: 'Please redo your profile',
      emailValue: 'Hi{{firstName}},\n\nWe could not publish it: {{reason}}\n\nFix it here: {{link}}',
    });
    const owner = await createUser(t.app, { role: 'user', clientId: A.client.id, products: { wave: 'member' } });
    const auth = await signIn(t.app, owner.email);
    const created = await call('POST', '/api/profiles/wave/create', auth.headers, { title: 'Nurse' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json()._id;
    expect((await call('PATCH', '/api/profiles/wave/update', auth.headers, { _id: id, status: 'Pending Review' })).statusCode).toBe(200);
    const rejected = await call('PATCH', '/api/profiles/wave/update', A.staffAuth.headers, { _id: id, status: 'Rejected', rejectionReason: 'Too dark' });
    expect(rejected.statusCode).toBe(200);
    const m = await mailTo(owner.email);
    expect(m.subject).toBe('Please redo your profile');
    // The profile has no first name: "Hi{{firstName}}," reads "Hi,".
    expect(m.text).toMatch(/^Hi,\n\nWe could not publish it: Too dark\n\nFix it here: http:\/\/[^\s]+\/settings\/wave-profile$/);
    expect(m.html).toMatch(/Fix it here: <a href="http:\/\/[^"]+\/settings\/wave-profile">/);
  });

  it('invitation: the client template in the client branding; the link still works once', async () => {
    await save(A.recruiterAuth.headers, {
      name: 'invitation',
      subject: 'Welcome aboard {{clientName}}',
      emailValue: '<p>{{inviterName}} saved you a seat.</p><p><a href="{{link}}">Accept</a> before {{expiresAt}}.</p>',
    });
    const email = `inv-${Date.now()}@test.example`;
    const res = await call('POST', '/api/user-invitation/create', A.recruiterAuth.headers, { clientId: A.client.id, emails: [email] });
    expect(res.statusCode).toBe(201);
    const m = await mailTo(email);
    expect(m.subject).toBe(`Welcome aboard ${A.client.name}`);
    expect(m.html).toMatch(/<a href="http:\/\/[^"]+\/user-invitation\?token=[^"]+">Accept<\/a>/);
    expect(m.html).toContain(`Sent by ${A.client.name} through Humanize Hiring.`);
    // The text part keeps the link target in full for mail clients without HTML.
    const link = /Accept \((http:\/\/[^\s)]+\/user-invitation\?token=[^\s)]+)\)/.exec(m.text)?.[1];
    expect(link).toBeTruthy();
    const token = new URL((link as string).replace(/&amp;/g, '&')).searchParams.get('token') as string;
    expect((await call('GET', `/api/user-invitation/get-by-token?token=${encodeURIComponent(token)}`)).statusCode).toBe(200);
  });
});

describe("merge fields: only the kind's own fields, never Object.prototype", () => {
  const allowedList = (fields: string[]) => fields.map((f) => `{{${f}}}`).join(', ');
  const received = ['firstName', 'clientName', 'jobTitle'];

  it('refuses an unknown field on save with a 400 naming it; nothing is stored', async () => {
    for (const [key, body] of [
      ['emailValue', { subject: 'Thanks', emailValue: 'Hello {{constructor}}' }],
      ['subject', { subject: 'Hi {{ __proto__ }}', emailValue: 'Hello{{firstName}}' }],
      ['emailValue', { subject: 'Thanks', emailValue: '<p><a href="{{toString}}">x</a> {{firstName}}</p>' }],
      ['emailValue', { subject: 'Thanks', emailValue: 'Hello {{fristName}}' }],
    ] as const) {
      const res = await save(A.staffAuth.headers, { name: 'applicationReceived', ...body });
      const field = /\{\{\s*([^{}]*?)\s*\}\}/.exec(key === 'subject' ? body.subject : body.emailValue.replace('{{firstName}}', ''))?.[1] as string;
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ errorMsg: { [key]: [messages.team.templateUnknownField(field, allowedList(received))] } });
    }
    expect(await countRows(t.app, 'email_templates', `client_id = '${B.client.id}' AND name = 'applicationReceived'`)).toBe(0);
    expect(messages.team.templateUnknownField('constructor', allowedList(received))).toBe(
      'Unknown merge field {{constructor}}: this email can use {{firstName}}, {{clientName}}, {{jobTitle}}.',
    );
  });

  it('previewing {{constructor}}, {{__proto__}} or {{toString}} is a 400 naming the field, never a 500', async () => {
    for (const field of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const res = await call('POST', '/api/email-templates/preview', A.staffAuth.headers, {
        clientId: A.client.id,
        name: 'referral',
        subject: 'Hi',
        emailValue: `Hello {{${field}}}`,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        errorMsg: { emailValue: [messages.team.templateUnknownField(field, allowedList(['firstName', 'clientName', 'jobTitle', 'message', 'link']))] },
      });
    }
  });

  it('an application to a client whose stored template (saved before the check) names {{constructor}} succeeds; the field renders empty', async () => {
    const C = await createTenant(t.app);
    // Inserted directly: such rows were saved before unknown fields were refused.
    await t.app.db.execute(
      `INSERT INTO email_templates (client_id, name, subject, email_value) VALUES ('${C.client.id}', 'applicationReceived', 'Got it {{constructor}}{{__proto__}}, {{firstName}}', '<p>Hello{{firstName}}{{constructor}}{{toString}}!</p><p>{{jobTitle}}: <a href="{{constructor}}">see</a></p>')` as never,
    );
    const job = await createJobViaApi(t.app, C.staffAuth.headers, C.client.id, { title: 'Night Nurse' });
    const boundary = `----hh${randomBytes(8).toString('hex')}`;
    const email = `proto-${Date.now()}@applicant.example`;
    const fields = { firstName: 'Pat', lastName: 'Applicant', email, phoneNumber: '+1 512 555 0199', altcha: await solveJobPageCaptcha(t.app, job.url) };
    const payload = Buffer.concat([
      ...Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="cv.txt"\r\nContent-Type: text/plain\r\n\r\nPat Applicant, nurse.\r\n`,
      ),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/${C.client.nameSlug}/apply/${job._id}`,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, accept: 'text/html' },
    });
    expect(res.statusCode, res.body).toBe(303);
    const m = await mailTo(email);
    expect(m.subject).toBe('Got it {{__proto__}}, Pat');
    expect(m.text).toMatch(/^Hello Pat!\n\nNight Nurse: see/);
    expect(m.html).toContain('<p>Hello Pat!</p><p>Night Nurse: <a>see</a></p>');
    expect(m.html).not.toMatch(/function|native code/);
  }, 60_000);
});
