import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, mailText, setupTestApp, startSmtp, type TestApp } from '../../test/helpers.ts';
import { candidates } from '../db/schema/candidates.ts';
import { emailTemplates } from '../db/schema/team.ts';

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

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: object) => t.app.inject({ method, url, headers, payload });
const create = (body: object, h = A.staffAuth.headers) => call('POST', '/api/email-templates/create', h, { clientId: A.client.id, ...body });

describe('email templates: the client’s own library', () => {
  it('a template made with exactly {clientId, name, emailValue} is listed (subject = its name) and sends through the conversations composer', async () => {
    const res = await create({
      name: '  Interview invite  ',
      emailValue: '<p>Hi {{firstName}}, {{recruiterName}} would like to meet you.</p><script>x()</script>',
    });
    expect(res.statusCode, res.body).toBe(201);
    const tpl = res.json().template;
    expect(res.json().message).toBe(messages.recruiting.templateCreated);
    expect(tpl).toMatchObject({ clientId: A.client.id, name: 'Interview invite', subject: 'Interview invite' });
    expect(tpl.emailValue).not.toContain('script');

    const list = await call('GET', `/api/email-templates?clientId=${A.client.id}`, A.staffAuth.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json().results.map((r: { _id: string }) => r._id)).toContain(tpl._id);
    const one = await call('GET', `/api/email-templates/get?clientId=${A.client.id}&templateId=${tpl._id}`, A.staffAuth.headers);
    expect(one.statusCode).toBe(200);
    expect(one.json().template).toMatchObject({ _id: tpl._id, name: 'Interview invite' });

    const [c] = await t.app.db
      .insert(candidates)
      .values({ clientId: A.client.id, firstName: 'Morgan', lastName: 'Lee', email: `morgan-${A.client.id.slice(0, 6)}@example.test` })
      .returning();
    const sent = await call('POST', '/api/conversations/send', A.staffAuth.headers, {
      clientId: A.client.id,
      candidateIds: [c.id],
      channel: 'email',
      templateId: tpl._id,
    });
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json().messages[0]).toMatchObject({ subject: 'Interview invite', to: c.email });
    const mail = await smtp.waitFor(c.email as string);
    const raw = mailText(mail.raw);
    expect(raw).toContain('Subject: Interview invite');
    expect(raw).toContain('Hi Morgan, Riley Recruiter would like to meet you.');
  });

  it('names are unique per client whatever their case: 409 with words; another client may use the same name', async () => {
    expect((await create({ name: 'Offer follow-up', emailValue: 'Hello {{firstName}}' })).statusCode).toBe(201);
    const dup = await create({ name: 'OFFER FOLLOW-UP', subject: 'Again', emailValue: 'Hello' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ errorMsg: { name: [messages.team.templateNameTaken] } });
    const other = await call('POST', '/api/email-templates/create', B.staffAuth.headers, { clientId: B.client.id, name: 'Offer follow-up', emailValue: 'Hi' });
    expect(other.statusCode).toBe(201);
    const rows = await t.app.db
      .select()
      .from(emailTemplates)
      .where(and(eq(emailTemplates.clientId, A.client.id), eq(emailTemplates.name, 'OFFER FOLLOW-UP')));
    expect(rows).toHaveLength(0);
  });

  it('an unknown merge field is a 400 naming it; a name over 120 characters or blank is a 400', async () => {
    const bad = await create({ name: 'Typo', emailValue: 'Hi {{frstName}}' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      errorMsg: {
        emailValue: [
          messages.team.templateUnknownField('frstName', '{{firstName}}, {{lastName}}, {{jobTitle}}, {{recruiterName}}, {{clientName}}, {{bookingLink}}'),
        ],
      },
    });
    expect((await create({ name: 'x'.repeat(121), emailValue: 'Hi' })).statusCode).toBe(400);
    expect((await create({ name: '   ', emailValue: 'Hi' })).statusCode).toBe(400);
    const subj = await create({ name: 'Bad subject', subject: 'About {{salary}}', emailValue: 'Hi' });
    expect(subj.statusCode).toBe(400);
    expect(subj.json().errorMsg.subject[0]).toContain('{{salary}}');
  });

  it('updates and deletes by id; another client’s template is a 404 on get, update and delete', async () => {
    const tpl = (await create({ name: 'Nudge', emailValue: 'Hi {{firstName}}' })).json().template;
    const up = await call('PATCH', '/api/email-templates/update', A.staffAuth.headers, {
      clientId: A.client.id,
      templateId: tpl._id,
      name: 'Gentle nudge',
      subject: 'About {{jobTitle}}',
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().template).toMatchObject({ name: 'Gentle nudge', subject: 'About {{jobTitle}}', emailValue: 'Hi {{firstName}}' });
    const clash = await call('PATCH', '/api/email-templates/update', A.staffAuth.headers, {
      clientId: A.client.id,
      templateId: tpl._id,
      name: 'offer follow-up',
    });
    expect(clash.statusCode).toBe(409);
    const badField = await call('PATCH', '/api/email-templates/update', A.staffAuth.headers, {
      clientId: A.client.id,
      templateId: tpl._id,
      emailValue: '{{nope}}',
    });
    expect(badField.statusCode).toBe(400);
    expect(badField.json().errorMsg.emailValue[0]).toContain('{{nope}}');

    const h = B.staffAuth.headers;
    expect((await call('GET', `/api/email-templates/get?clientId=${B.client.id}&templateId=${tpl._id}`, h)).statusCode).toBe(404);
    expect((await call('PATCH', '/api/email-templates/update', h, { clientId: B.client.id, templateId: tpl._id, name: 'Mine' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/email-templates/delete?clientId=${B.client.id}&templateId=${tpl._id}`, h)).statusCode).toBe(404);
    const sendOther = await call('POST', '/api/conversations/send', h, {
      clientId: B.client.id,
      candidateIds: [tpl._id],
      channel: 'email',
      templateId: tpl._id,
    });
    expect(sendOther.statusCode).toBe(404);

    const del = await call('DELETE', `/api/email-templates/delete?clientId=${A.client.id}&templateId=${tpl._id}`, A.staffAuth.headers);
    expect(del.statusCode).toBe(200);
    expect(await t.app.db.select().from(emailTemplates).where(eq(emailTemplates.id, tpl._id))).toHaveLength(0);
  });

  it('a system mail name still overrides that mail: saving again replaces it (200), subject optional', async () => {
    const first = await create({ name: 'campaign', emailValue: 'News: {{link}}' });
    expect(first.statusCode).toBe(201);
    expect(first.json().template.subject).toBe('News from {{clientName}}');
    const again = await create({ name: 'campaign', subject: 'Fresh news', emailValue: 'More: {{link}}' });
    expect(again.statusCode).toBe(200);
    expect(again.json().template._id).toBe(first.json().template._id);
    // A system mail uses its own fields: {{recruiterName}} is not one of a campaign's.
    expect((await create({ name: 'campaign', emailValue: '{{recruiterName}}' })).statusCode).toBe(400);
  });
});
