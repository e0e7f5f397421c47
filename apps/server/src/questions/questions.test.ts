import { messages } from '@hh/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, mailText, setupTestApp, signIn, startSmtp, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: { headers: Record<string, string> };
let A: Awaited<ReturnType<typeof createTenant>>;
let B: Awaited<ReturnType<typeof createTenant>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await setupTestApp({ SMTP_URL: smtp.url });
  admin = await signIn(t.app, (await createUser(t.app, { role: 'admin' })).email);
  A = await createTenant(t.app);
  B = await createTenant(t.app, { wave: 'member' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string> = {}, payload?: object) => t.app.inject({ method, url, headers, payload });

describe('the question bank', () => {
  it('creates client and global questions with the spec message; lists by destination; isolates tenants', async () => {
    const mine = await call('POST', '/api/questions/create', A.staffAuth.headers, {
      clientId: A.client.id,
      destination: 'waveQuestionnaire',
      question: 'What do you enjoy here?',
    });
    expect(mine.statusCode).toBe(201);
    expect(mine.json()).toMatchObject({
      message: 'Question created successfully!',
      question: { clientId: A.client.id, isGlobal: false, destination: 'waveQuestionnaire' },
    });
    const globalByRecruiter = await call('POST', '/api/questions/create', A.recruiterAuth.headers, {
      isGlobal: true,
      destination: 'applyForm',
      question: 'Are you 18?',
    });
    expect(globalByRecruiter.statusCode).toBe(403);
    const global = await call('POST', '/api/questions/create', admin.headers, {
      isGlobal: true,
      destination: 'waveQuestionnaire',
      question: 'Why this job?',
      answerType: 'textarea',
    });
    expect(global.statusCode).toBe(201);
    const list = await call('GET', `/api/questions?clientId=${A.client.id}&destination=waveQuestionnaire`, A.staffAuth.headers);
    const texts = list.json().results.map((q: { question: string }) => q.question);
    expect(texts).toEqual(expect.arrayContaining(['What do you enjoy here?', 'Why this job?']));
    const onlyClient = await call('GET', `/api/questions?clientId=${A.client.id}&isGlobal=false`, A.staffAuth.headers);
    expect(onlyClient.json().results.every((q: { isGlobal: boolean }) => !q.isGlobal)).toBe(true);
    const asB = await call('GET', `/api/questions?clientId=${B.client.id}&destination=waveQuestionnaire`, B.staffAuth.headers);
    expect(asB.json().results.map((q: { question: string }) => q.question)).not.toContain('What do you enjoy here?');
    const probe = await call('GET', `/api/questions?clientId=${A.client.id}`, B.recruiterAuth.headers);
    expect(probe.statusCode).toBe(404);
    // A member (not an editor) cannot change the bank.
    const member = await call('POST', '/api/questions/create', B.staffAuth.headers, { clientId: B.client.id, destination: 'applyForm', question: 'x' });
    expect(member.statusCode).toBe(403);
    const id = mine.json().question._id;
    const upd = await call('PATCH', '/api/questions/update', A.staffAuth.headers, { _id: id, clientId: A.client.id, question: 'What do you enjoy most?' });
    expect(upd.json()).toMatchObject({ question: { question: 'What do you enjoy most?' } });
    const byB = await call('PATCH', '/api/questions/update', B.recruiterAuth.headers, { _id: id, clientId: A.client.id, question: 'hijack' });
    expect(byB.statusCode).toBe(404);
    const got = await call('GET', `/api/questions/get-by?questionId=${id}&clientId=${A.client.id}`, A.staffAuth.headers);
    expect(got.json().results[0].question).toBe('What do you enjoy most?');
    const del = await call('DELETE', `/api/questions/delete/${id}?clientId=${A.client.id}`, A.recruiterAuth.headers);
    expect(del.statusCode).toBe(200);
    const gone = await call('GET', `/api/questions/get-by?questionId=${id}&clientId=${A.client.id}`, A.staffAuth.headers);
    expect(gone.statusCode).toBe(404);
  });
});

describe('email templates', () => {
  it('save with the spec messages, preview with merge fields, test send to the caller; the invitation mail uses the client template', async () => {
    const created = await call('POST', '/api/email-templates/create', A.recruiterAuth.headers, {
      clientId: A.client.id,
      name: 'invitation',
      subject: 'Join {{clientName}} <b>now</b>',
      emailValue: 'Hi{{firstName}}! {{inviterName}} wants you at {{clientName}}.\n\nStart here: {{link}}',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe(messages.recruiting.templateCreated);
    const again = await call('POST', '/api/email-templates/create', A.recruiterAuth.headers, {
      clientId: A.client.id,
      name: 'invitation',
      subject: 'Join {{clientName}}',
      emailValue: 'Hi{{firstName}}! {{inviterName}} wants you at {{clientName}}.\n\nStart here: {{link}}',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(messages.recruiting.templateUpdated);
    const list = await call('GET', `/api/email-templates?clientId=${A.client.id}`, A.staffAuth.headers);
    expect(list.json().totalCount).toBe(1);
    expect(list.json().defaults.map((d: { name: string }) => d.name)).toContain('followUp');
    expect((await call('GET', `/api/email-templates?clientId=${A.client.id}`, B.recruiterAuth.headers)).statusCode).toBe(404);
    const preview = await call('POST', '/api/email-templates/preview', A.staffAuth.headers, {
      clientId: A.client.id,
      name: 'invitation',
      emailValue: '<script>x</script> {{clientName}} {{link}}',
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().html).not.toContain('<script');
    expect(preview.json().html).toContain('<a href="http');
    expect(preview.json().subject).toBe(`Join ${A.client.name}`);
    const test = await call('POST', '/api/email-templates/test-send', A.recruiterAuth.headers, { clientId: A.client.id, name: 'invitation' });
    expect(test.json().message).toBe(`A test email was sent to ${A.recruiter.email}.`);
    expect(mailText((await smtp.waitFor(A.recruiter.email)).raw)).toContain(`[Test] Join ${A.client.name}`);
    const email = `tpl-${Date.now()}@test.example`;
    await call('POST', '/api/user-invitation/create', A.recruiterAuth.headers, { clientId: A.client.id, emails: [email] });
    const mail = mailText((await smtp.waitFor(email)).raw);
    expect(mail).toContain(`Subject: Join ${A.client.name}`);
    expect(mail).toContain(`wants you at ${A.client.name}`);
    expect(mail).toMatch(/Start here: http:\/\/[^\s]+\/user-invitation\?token=/);
  });
});

describe('GET /api/errors', () => {
  it('lists every text with key, area and type, the spec’s verbatim', async () => {
    const res = await call('GET', '/api/errors');
    expect(res.statusCode).toBe(200);
    const { results, totalCount } = res.json();
    expect(totalCount).toBe(results.length);
    expect(results).toContainEqual({ key: 'recruiting.invitationsSent', area: 'recruiting', type: 'success', text: 'Invitation(s) sent successfully.' });
    expect(results).toContainEqual({
      key: 'recruiting.invitationSendError',
      area: 'recruiting',
      type: 'error',
      text: 'An error occurred while sending the invitation(s). Please check you data.',
    });
    expect(results).toContainEqual({ key: 'feed.clientNotFound', area: 'feed', type: 'error', text: 'Client with the name {slug} was not found' });
  });
});
