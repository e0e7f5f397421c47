import { messages } from '@hh/contract/messages';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTenant, setupTestApp, type TestApp } from '../../test/helpers.ts';
import { candidates } from '../db/schema/candidates.ts';
import { stripQuoted } from './email/strip-quoted.ts';
import { replyAddress } from './email/reply-address.ts';

/**
 * The inbound SMTP listener, started by the app itself (INBOUND_SMTP_PORT=0: any free port), and
 * real messages delivered to it with nodemailer: stored in the thread and counted unread, or
 * refused with the SMTP code and a message naming the problem (the sender's bounce).
 */
let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
let port: number;
const DOMAIN = 'reply.hh.test';

beforeAll(async () => {
  t = await setupTestApp({ INBOUND_SMTP_PORT: '0', INBOUND_DOMAIN: DOMAIN, INBOUND_MAX_BYTES: String(200 * 1024) });
  A = await createTenant(t.app);
  port = await inboundPort();
});
afterAll(async () => {
  await t?.close();
});

/** The listener the app started when it became ready (INBOUND_SMTP_PORT=0: the system chose the port). */
async function inboundPort(): Promise<number> {
  if (!t.app.inboundSmtp) throw new Error('the inbound SMTP listener did not start');
  return t.app.inboundSmtp.port;
}

const transport = () => nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, connectionTimeout: 10_000 });
async function deliver(msg: SendMailOptions) {
  try {
    await transport().sendMail({ from: 'Casey <casey@example.test>', ...msg });
    return { ok: true as const };
  } catch (err) {
    const e = err as { responseCode?: number; response?: string };
    return { ok: false as const, code: e.responseCode, response: e.response ?? '' };
  }
}

async function threadWithOutbound() {
  const [c] = await t.app.db
    .insert(candidates)
    .values({ clientId: A.client.id, firstName: 'Casey', lastName: 'Reply', email: `casey-${Date.now()}@example.test` })
    .returning();
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/conversations/send',
    headers: A.staffAuth.headers,
    payload: { clientId: A.client.id, candidateIds: [c.id], channel: 'email', subject: 'Interview', body: 'When are you free?' },
  });
  expect(sent.statusCode, sent.body).toBe(202);
  return { c, m: sent.json().messages[0] as { _id: string; threadId: string } };
}

const unread = async () =>
  (await t.app.inject({ method: 'GET', url: `/api/conversations/unread-count?clientId=${A.client.id}`, headers: A.staffAuth.headers })).json()
    .unreadConversationsCount;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('inbound email', () => {
  it('a reply to the thread address is stored in the thread with its attachment, quoted history stripped, and counted unread', async () => {
    const { c, m } = await threadWithOutbound();
    const before = await unread();
    const res = await deliver({
      from: c.email,
      to: replyAddress(t.app.config, m.threadId),
      subject: 'Re: Interview',
      text: 'Tuesday works for me.\n\nOn Mon, 3 Mar 2025 at 10:00, Riley <no-reply@hh.test> wrote:\n> When are you free?\n',
      attachments: [{ filename: 'resume.pdf', content: PDF }],
    });
    expect(res).toEqual({ ok: true });
    const thread = await t.app.inject({ method: 'GET', url: `/api/conversations/${m.threadId}?clientId=${A.client.id}`, headers: A.staffAuth.headers });
    const msgs = thread.json().messages;
    expect(msgs).toHaveLength(2);
    expect(msgs[1]).toMatchObject({
      direction: 'in',
      channel: 'email',
      status: 'received',
      from: c.email,
      subject: 'Re: Interview',
      bodyText: 'Tuesday works for me.',
    });
    expect(msgs[1].attachments).toEqual([{ _id: expect.any(String), filename: 'resume.pdf', contentType: 'application/pdf', sizeBytes: PDF.length }]);
    const [row] = (await t.app.pool.query('SELECT storage_key FROM conversation_attachments WHERE message_id = $1', [msgs[1]._id])).rows;
    expect(await t.app.storage.stat(row.storage_key)).toEqual({ size: PDF.length });
    expect(thread.json().thread.unreadCount).toBe(1);
    expect(await unread()).toBe(before + 1);
    const timeline = await t.app.inject({ method: 'GET', url: `/api/crm/candidate/${c.id}/timeline?clientId=${A.client.id}`, headers: A.staffAuth.headers });
    expect(timeline.json().results[0]).toMatchObject({ type: 'conversation', data: { direction: 'in', status: 'received', preview: 'Tuesday works for me.' } });
  });

  it('a reply sent to another address still finds its thread by In-Reply-To', async () => {
    const { m } = await threadWithOutbound();
    const res = await deliver({
      to: `team@${DOMAIN}`,
      subject: 'Re: Interview',
      text: 'Found it by the reference',
      inReplyTo: `<${m._id}.${A.client.id}@${DOMAIN}>`,
      references: [`<${m._id}.${A.client.id}@${DOMAIN}>`],
    });
    expect(res).toEqual({ ok: true });
    expect(
      await countRows(t.app, 'conversation_messages', `thread_id = '${m.threadId}' AND direction = 'in' AND body_text = 'Found it by the reference'`),
    ).toBe(1);
  });

  it('bounces what it cannot take, naming the problem, stores nothing and keeps serving', async () => {
    const { m } = await threadWithOutbound();
    const to = replyAddress(t.app.config, m.threadId);
    const rows = () => countRows(t.app, 'conversation_messages', `thread_id = '${m.threadId}'`);
    const files = () => countRows(t.app, 'conversation_attachments', `client_id = '${A.client.id}'`);
    const [rowsBefore, filesBefore] = [await rows(), await files()];

    const forged = `reply+${'a'.repeat(39)}@${DOMAIN}`;
    const unknown = await deliver({ to: forged, subject: 'x', text: 'x' });
    expect(unknown).toMatchObject({ ok: false, code: 550 });
    expect(unknown.ok === false && unknown.response).toContain(messages.conversations.inboundUnknownRecipient(forged));

    const noThread = await deliver({ to: `someone@${DOMAIN}`, subject: 'x', text: 'no reference' });
    expect(noThread).toMatchObject({ ok: false, code: 550 });
    expect(noThread.ok === false && noThread.response).toContain(messages.conversations.inboundUnknownThread);

    const relay = await deliver({ to: 'victim@elsewhere.test', subject: 'x', text: 'x' });
    expect(relay).toMatchObject({ ok: false, code: 550 });

    const exe = await deliver({
      to,
      subject: 'x',
      text: 'see attached',
      attachments: [{ filename: 'run.exe', content: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]) }],
    });
    expect(exe).toMatchObject({ ok: false, code: 554 });
    expect(exe.ok === false && exe.response).toContain(messages.conversations.inboundAttachmentType('run.exe'));

    const big = await deliver({ to, subject: 'x', text: 'big', attachments: [{ filename: 'big.txt', content: Buffer.alloc(300 * 1024, 'a') }] });
    expect(big).toMatchObject({ ok: false, code: 552 });
    expect(big.ok === false && big.response).toContain(messages.conversations.inboundTooLarge('200 KB'));

    const malformed = await new Promise<{ responseCode?: number; response?: string }>((resolve) => {
      transport().sendMail({ envelope: { from: 'x@example.test', to: [to] }, raw: Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x0a, 0x0a, 0x00]) }, (err) =>
        resolve((err as { responseCode?: number; response?: string }) ?? {}),
      );
    });
    expect(malformed.responseCode).toBe(550);
    expect(malformed.response).toContain(messages.conversations.inboundMalformed);

    expect(await rows()).toBe(rowsBefore);
    expect(await files()).toBe(filesBefore);
    // Still serving.
    expect(await deliver({ to, subject: 'Re', text: 'Still here' })).toEqual({ ok: true });
    expect(await rows()).toBe(rowsBefore + 1);
  });

  it('the same message delivered twice (a sender retrying after a lost answer) is stored once', async () => {
    const { m } = await threadWithOutbound();
    const to = replyAddress(t.app.config, m.threadId);
    const messageId = `<retry-${Date.now()}@example.test>`;
    expect(await deliver({ to, subject: 'Re', text: 'Once', messageId })).toEqual({ ok: true });
    expect(await deliver({ to, subject: 'Re', text: 'Once', messageId })).toEqual({ ok: true });
    expect(await countRows(t.app, 'conversation_messages', `thread_id = '${m.threadId}' AND body_text = 'Once'`)).toBe(1);
  });
});

describe('quoted history', () => {
  it('keeps only the new text of a reply', () => {
    expect(stripQuoted('Yes!\n\nOn Tue, Jan 2, 2025 at 9:00 AM Riley <r@x.com> wrote:\n> old')).toBe('Yes!');
    expect(stripQuoted('Sure\n\nOn Tue, Jan 2, 2025 at 9:00 AM Riley Recruiter\n<r@x.com> wrote:\n> old')).toBe('Sure');
    expect(stripQuoted('Fine\n-----Original Message-----\nFrom: a')).toBe('Fine');
    expect(stripQuoted('Ok\n\nFrom: Riley <r@x.com>\nSent: Monday\nTo: me\nSubject: Hi\n\nold')).toBe('Ok');
    expect(stripQuoted('Thanks\n> quoted\n> more')).toBe('Thanks');
    expect(stripQuoted('> only a quote')).toBe('> only a quote');
  });
});
