import { conversationMergeFields } from '@hh/contract/conversations';
import { messages } from '@hh/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createJobViaApi, createTenant, createUser, mailText, setupTestApp, signIn, startSmtp, type TestApp } from '../../test/helpers.ts';
import { depsOf } from '../core/deps.ts';
import { candidates } from '../db/schema/candidates.ts';
import { readReplyToken } from './email/reply-address.ts';
import { runEmailSend } from './email/deliver-email.ts';
import { type BulkSendJob, runBulkSend } from './send-message.ts';
import { recordInbound, updateDelivery } from './store.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let A: Awaited<ReturnType<typeof createTenant>>;
let B: Awaited<ReturnType<typeof createTenant>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await setupTestApp({ SMTP_URL: smtp.url, INBOUND_DOMAIN: 'reply.hh.test', MAIL_FROM: 'Humanize Hiring <no-reply@hh.test>' });
  A = await createTenant(t.app);
  B = await createTenant(t.app);
  await t.app.pool.query(`UPDATE users SET first_name = 'Riley', last_name = 'Recruiter' WHERE id = $1`, [A.staff.id]);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) => t.app.inject({ method, url, headers, payload });
let n = 0;
async function candidate(clientId: string, extra: Partial<typeof candidates.$inferInsert> = {}) {
  n++;
  const [c] = await t.app.db
    .insert(candidates)
    .values({
      clientId,
      firstName: `Casey${n}`,
      lastName: 'Candidate',
      email: `casey${n}-${clientId.slice(0, 6)}@example.test`,
      phone: '+15125550123',
      ...extra,
    })
    .returning();
  return c;
}
const wait = async (check: () => Promise<boolean>, ms = 60_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
};

describe('conversations: sending', () => {
  it('emails one candidate from the recruiter’s name with a per-thread reply address, on the thread and the timeline', async () => {
    const c = await candidate(A.client.id, { firstName: 'Jordan' });
    const job = await createJobViaApi(t.app, A.staffAuth.headers, A.client.id, { title: 'Night Nurse' });
    const res = await call('POST', '/api/conversations/send', A.staffAuth.headers, {
      clientId: A.client.id,
      candidateIds: [c.id],
      channel: 'email',
      subject: 'About {{jobTitle}}',
      body: '<p>Hi {{firstName}}, this is {{recruiterName}} at {{clientName}}.</p>',
      jobId: job._id,
    });
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json();
    expect(body).toMatchObject({ message: messages.conversations.sent, count: 1 });
    const [m] = body.messages;
    expect(m).toMatchObject({
      channel: 'email',
      direction: 'out',
      status: 'sent',
      to: c.email,
      subject: 'About Night Nurse',
      jobId: job._id,
      authorName: 'Riley Recruiter',
    });
    expect(m.bodyText).toBe(`Hi Jordan, this is Riley Recruiter at ${A.client.name}.`);
    expect(m.from).toBe(`"Riley Recruiter (${A.client.name})" <no-reply@hh.test>`);

    const mail = await smtp.waitFor(c.email);
    const raw = mailText(mail.raw);
    expect(raw).toContain('Riley Recruiter');
    expect(mail.from).toBe('no-reply@hh.test');
    const replyTo = /Reply-To: (reply\+([a-z2-7]+)@reply\.hh\.test)/i.exec(raw);
    expect(replyTo, raw).not.toBeNull();
    expect(readReplyToken(t.app.config, (replyTo as RegExpExecArray)[2])).toBe(m.threadId);
    expect(raw).toMatch(new RegExp(`Message-ID:\\s+<${m._id}\\.${A.client.id}@reply\\.hh\\.test>`));
    expect(raw).toContain('Hi Jordan');

    const thread = await call('GET', `/api/conversations/${m.threadId}?clientId=${A.client.id}`, A.staffAuth.headers);
    expect(thread.statusCode).toBe(200);
    expect(thread.json().thread).toMatchObject({ _id: m.threadId, candidate: { _id: c.id, firstName: 'Jordan' }, assignedUserId: A.staff.id, unreadCount: 0 });
    expect(thread.json().messages.map((x: { _id: string }) => x._id)).toEqual([m._id]);

    const timeline = await call('GET', `/api/crm/candidate/${c.id}/timeline?clientId=${A.client.id}`, A.staffAuth.headers);
    expect(timeline.statusCode, timeline.body).toBe(200);
    const ev = timeline.json().results.find((e: { type: string }) => e.type === 'conversation');
    expect(ev.data).toMatchObject({ messageId: m._id, channel: 'email', direction: 'out', status: 'sent', subject: 'About Night Nurse' });

    // Delivery only moves forward, on the row and the timeline alike.
    await updateDelivery({ db: t.app.db }, { clientId: A.client.id, messageId: m._id, status: 'failed', reason: 'Mailbox full' });
    await updateDelivery({ db: t.app.db }, { clientId: A.client.id, messageId: m._id, status: 'delivered' });
    const after = await call('GET', `/api/conversations/${m.threadId}?clientId=${A.client.id}`, A.staffAuth.headers);
    expect(after.json().messages[0]).toMatchObject({ status: 'failed', failureReason: 'Mailbox full' });
    const tl2 = await call('GET', `/api/crm/candidate/${c.id}/timeline?clientId=${A.client.id}`, A.staffAuth.headers);
    expect(tl2.json().results.find((e: { type: string }) => e.type === 'conversation').data).toMatchObject({ status: 'failed', failureReason: 'Mailbox full' });
  });

  it('refuses bad input with the message naming the problem and stores nothing', async () => {
    const c = await candidate(A.client.id);
    const other = await candidate(B.client.id);
    const noPhone = await candidate(A.client.id, { phone: null, firstName: 'Pat', lastName: 'Nophone' });
    const base = { clientId: A.client.id, candidateIds: [c.id], channel: 'email', subject: 'Hello', body: 'Hi {{firstName}}' };
    const allowed = conversationMergeFields.map((f) => `{{${f}}}`).join(', ');
    const cases: Array<[object, number, Record<string, string[]>]> = [
      [{ body: 'Hi {{firstNme}}' }, 400, { body: [messages.conversations.unknownMergeField('firstNme', allowed)] }],
      [{ subject: 'For {{salary}}' }, 400, { subject: [messages.conversations.unknownMergeField('salary', allowed)] }],
      [{ subject: '' }, 400, { subject: [messages.conversations.subjectRequired] }],
      [{ body: '<p> </p>' }, 400, { body: [messages.conversations.bodyEmpty] }],
      [{ candidateIds: [other.id] }, 404, { candidateIds: [messages.conversations.candidateNotFound] }],
      [{ jobId: '00000000-0000-4000-8000-000000000001' }, 404, { jobId: [messages.conversations.jobNotFound] }],
      [{ templateId: '00000000-0000-4000-8000-000000000001' }, 404, { templateId: [messages.conversations.templateNotFound] }],
      [{ sendAt: new Date(Date.now() - 60_000).toISOString() }, 400, { sendAt: [messages.conversations.sendAtPast] }],
      [{ channel: 'sms', candidateIds: [noPhone.id] }, 400, { candidateIds: [messages.conversations.noPhone('Pat Nophone')] }],
    ];
    for (const [patch, status, errorMsg] of cases) {
      const res = await call('POST', '/api/conversations/send', A.staffAuth.headers, { ...base, ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(status);
      expect(res.json()).toEqual({ errorMsg });
    }
    const tooMany = await call('POST', '/api/conversations/send', A.staffAuth.headers, { ...base, candidateIds: Array.from({ length: 501 }, () => c.id) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain(messages.conversations.tooManyRecipients(500));
    expect(await countRows(t.app, 'conversation_messages', `candidate_id IN ('${c.id}', '${noPhone.id}')`)).toBe(0);
  });

  it('previews per recipient with merge fields, naming who cannot get it', async () => {
    const a = await candidate(A.client.id, { firstName: 'Ana', lastName: 'Alves' });
    const b = await candidate(A.client.id, { firstName: 'Ben', lastName: 'Brown', phone: null });
    const res = await call('POST', '/api/conversations/preview', A.staffAuth.headers, {
      clientId: A.client.id,
      candidateIds: [a.id, b.id],
      channel: 'sms',
      body: 'Hi {{firstName}} {{lastName}}, {{recruiterName}} here.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual([
      {
        candidateId: a.id,
        name: 'Ana Alves',
        to: '+15125550123',
        problem: null,
        subject: null,
        bodyText: 'Hi Ana Alves, Riley Recruiter here.',
        bodyHtml: null,
      },
      {
        candidateId: b.id,
        name: 'Ben Brown',
        to: null,
        problem: messages.conversations.noPhone('Ben Brown'),
        subject: null,
        bodyText: 'Hi Ben Brown, Riley Recruiter here.',
        bodyHtml: null,
      },
    ]);
    expect(await countRows(t.app, 'conversation_messages', `candidate_id IN ('${a.id}', '${b.id}')`)).toBe(0);
  });

  it('an SMS is stored queued and handed to the SMS channel’s queue', async () => {
    const c = await candidate(A.client.id);
    const res = await call('POST', '/api/conversations/send', A.staffAuth.headers, {
      clientId: A.client.id,
      candidateIds: [c.id],
      channel: 'sms',
      body: 'Hi {{firstName}}',
    });
    expect(res.statusCode, res.body).toBe(202);
    const m = res.json().messages[0];
    expect(m).toMatchObject({ channel: 'sms', to: '+15125550123', subject: null, bodyText: `Hi ${c.firstName}` });
    expect(['queued', 'sent', 'delivered', 'failed']).toContain(m.status);
    const jobs = await t.app.pool.query(`SELECT data FROM pgboss.job WHERE name = 'conversations-sms-send' AND data->>'messageId' = $1`, [m._id]);
    expect(jobs.rowCount).toBe(1);
  });

  it('schedules an email for later and sends it when its time comes, once', async () => {
    const c = await candidate(A.client.id);
    const sendAt = new Date(Date.now() + 3600_000).toISOString();
    const res = await call('POST', '/api/conversations/send', A.staffAuth.headers, {
      clientId: A.client.id,
      candidateIds: [c.id],
      channel: 'email',
      subject: 'Later',
      body: 'Hello later',
      sendAt,
    });
    expect(res.statusCode, res.body).toBe(202);
    const m = res.json().messages[0];
    expect(res.json().message).toBe(messages.conversations.scheduled);
    expect(m).toMatchObject({ status: 'scheduled', sendAt, sentAt: null });
    expect(await countRows(t.app, 'outbox', `to_address = '${c.email}'`)).toBe(0);
    // Its time has not come: the job leaves it.
    await runEmailSend(depsOf(t.app), { clientId: A.client.id, messageId: m._id });
    expect(await countRows(t.app, 'outbox', `to_address = '${c.email}'`)).toBe(0);
    await t.app.pool.query(`UPDATE conversation_messages SET send_at = now() - interval '1 second' WHERE id = $1`, [m._id]);
    await runEmailSend(depsOf(t.app), { clientId: A.client.id, messageId: m._id });
    await runEmailSend(depsOf(t.app), { clientId: A.client.id, messageId: m._id });
    expect(await countRows(t.app, 'outbox', `to_address = '${c.email}'`)).toBe(1);
    expect(await countRows(t.app, 'conversation_messages', `id = '${m._id}' AND status = 'sent'`)).toBe(1);
  });

  it('a bulk send of 500 goes through the queue and reaches each candidate once, also when the job runs again after a restart', async () => {
    const rows = Array.from({ length: 500 }, (_x, i) => ({
      clientId: A.client.id,
      firstName: `Bulk${i}`,
      lastName: 'Person',
      email: `bulk${i}-${A.client.id.slice(0, 6)}@example.test`,
    }));
    const made = await t.app.db.insert(candidates).values(rows).returning({ id: candidates.id });
    const ids = made.map((x) => x.id);
    const t0 = Date.now();
    const res = await call('POST', '/api/conversations/send', A.staffAuth.headers, {
      clientId: A.client.id,
      candidateIds: ids,
      channel: 'email',
      subject: 'News for {{firstName}}',
      body: 'Hello {{firstName}}',
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ message: messages.conversations.bulkQueued(500), count: 500, messages: [] });
    const batchId = res.json().batchId;
    await wait(async () => {
      const sentCount = await countRows(t.app, 'conversation_messages', `batch_id = '${batchId}' AND status = 'sent'`);
      if (process.env.HH_TEST_LOG) console.log('sent', sentCount, (Date.now() - t0) / 1000);
      return sentCount === 500;
    }, 480_000);
    const seconds = (Date.now() - t0) / 1000;
    expect(await countRows(t.app, 'outbox', `client_id = '${A.client.id}' AND to_address LIKE 'bulk%'`)).toBe(500);
    console.log(`bulk send of 500 emails: ${seconds.toFixed(1)} s until every one was handed to the outbox`);
    // A restart mid-send makes the queue run the job again with the same data: nothing is sent twice.
    const job = (
      await t.app.pool.query<{ data: BulkSendJob }>(`SELECT data FROM pgboss.job WHERE name = 'conversations-bulk-send' AND data->>'batchId' = $1`, [batchId])
    ).rows[0].data;
    await runBulkSend(depsOf(t.app), job);
    expect(await countRows(t.app, 'conversation_messages', `batch_id = '${batchId}'`)).toBe(500);
    expect(await countRows(t.app, 'outbox', `client_id = '${A.client.id}' AND to_address LIKE 'bulk%'`)).toBe(500);
    const first = (await t.app.pool.query(`SELECT subject FROM outbox WHERE to_address = $1`, [rows[7].email])).rows;
    expect(first).toEqual([{ subject: 'News for Bulk7' }]);
  }, 720_000);

  it('a job cut off after storing some messages carries on with the rest, each once', async () => {
    const made = await t.app.db
      .insert(candidates)
      .values(Array.from({ length: 5 }, (_x, i) => ({ clientId: A.client.id, firstName: `Cut${i}`, email: `cut${i}-${A.client.id.slice(0, 6)}@example.test` })))
      .returning({ id: candidates.id });
    const batchId = '11111111-2222-4333-8444-555555555555';
    const job: BulkSendJob = {
      clientId: A.client.id,
      batchId,
      authorUserId: A.staff.id,
      authorEmail: A.staff.email,
      candidateIds: made.map((x) => x.id),
      composition: {
        clientId: A.client.id,
        clientName: A.client.name,
        channel: 'email',
        subject: 'Hi',
        body: 'Hello {{firstName}}',
        templateId: null,
        jobId: null,
        jobTitle: '',
        recruiterName: 'Riley Recruiter',
      },
      sendAt: null,
    };
    // The first run stored two messages and died before handing them over.
    await runBulkSend(depsOf(t.app), { ...job, candidateIds: job.candidateIds.slice(0, 2) });
    await t.app.pool.query(`UPDATE conversation_messages SET status = 'queued', sent_at = NULL WHERE batch_id = $1`, [batchId]);
    await t.app.pool.query(`DELETE FROM outbox WHERE to_address LIKE 'cut%'`);
    await runBulkSend(depsOf(t.app), job);
    expect(await countRows(t.app, 'conversation_messages', `batch_id = '${batchId}' AND status = 'sent'`)).toBe(5);
    expect(await countRows(t.app, 'outbox', `to_address LIKE 'cut%'`)).toBe(5);
  });
});

describe('conversations: the inbox', () => {
  it('lists threads newest first with filters, counts unread with an ETag, marks read and assigns', async () => {
    const T = await createTenant(t.app);
    const job = await createJobViaApi(t.app, T.staffAuth.headers, T.client.id, { title: 'Porter' });
    const c1 = await candidate(T.client.id, { firstName: 'First' });
    const c2 = await candidate(T.client.id, { firstName: 'Second' });
    const c3 = await candidate(T.client.id, { firstName: 'Third' });
    const h = T.staffAuth.headers;
    const q = (qs = '') => call('GET', `/api/conversations?clientId=${T.client.id}${qs}`, h);
    const unread = (headers: Record<string, string> = {}) => call('GET', `/api/conversations/unread-count?clientId=${T.client.id}`, { ...h, ...headers });

    expect((await q()).json()).toEqual({ results: [], totalCount: 0 });
    const e0 = await unread();
    expect(e0.statusCode).toBe(200);
    expect(e0.json()).toEqual({ unreadConversationsCount: 0 });
    const etag0 = e0.headers.etag as string;
    expect((await unread({ 'if-none-match': etag0 })).statusCode).toBe(304);

    const sent = await call('POST', '/api/conversations/send', h, {
      clientId: T.client.id,
      candidateIds: [c1.id],
      channel: 'email',
      subject: 'S',
      body: 'B',
      jobId: job._id,
    });
    expect(sent.statusCode).toBe(202);
    await recordInbound(
      { db: t.app.db },
      { clientId: T.client.id, candidateId: c2.id, channel: 'sms', from: '+1512', to: '+1513', bodyText: 'Is the job open?' },
    );
    await new Promise((r) => setTimeout(r, 5));
    await recordInbound(
      { db: t.app.db },
      { clientId: T.client.id, candidateId: c3.id, channel: 'email', from: c3.email, to: 'x', subject: 'Re', bodyText: 'Thanks!' },
    );
    await recordInbound(
      { db: t.app.db },
      { clientId: T.client.id, candidateId: c3.id, channel: 'email', from: c3.email, to: 'x', subject: 'Re', bodyText: 'One more thing' },
    );

    const all = (await q()).json();
    expect(all.totalCount).toBe(3);
    expect(all.results.map((x: { candidate: { firstName: string } }) => x.candidate.firstName)).toEqual(['Third', 'Second', 'First']);
    expect(all.results[0]).toMatchObject({ unreadCount: 2, lastPreview: 'One more thing', lastDirection: 'in', lastChannel: 'email' });
    const names = async (qs: string) => (await q(qs)).json().results.map((x: { candidate: { firstName: string } }) => x.candidate.firstName);
    expect(await names('&unread=true')).toEqual(['Third', 'Second']);
    expect(await names('&channel=sms')).toEqual(['Second']);
    expect(await names(`&jobId=${job._id}`)).toEqual(['First']);
    expect(await names('&mine=true')).toEqual(['First']);
    expect(await names(`&candidateId=${c2.id}`)).toEqual(['Second']);
    const page2 = (await q('&pageSize=2&pageNumber=2')).json();
    expect(page2.totalCount).toBe(3);
    expect(page2.results.map((x: { candidate: { firstName: string } }) => x.candidate.firstName)).toEqual(['First']);

    // The badge: a true count, a new ETag when it changes, 304 while it does not.
    const e2 = await unread({ 'if-none-match': etag0 });
    expect(e2.statusCode).toBe(200);
    expect(e2.json()).toEqual({ unreadConversationsCount: 2 });
    expect(e2.headers.etag).not.toBe(etag0);
    expect((await unread({ 'if-none-match': e2.headers.etag as string })).statusCode).toBe(304);
    expect((await call('GET', `/api/client/get-unread-messages-count?clientId=${T.client.id}`, h)).json()).toEqual({ unreadConversationsCount: 2 });
    expect((await call('GET', `/api/home/work-queue?clientId=${T.client.id}`, h)).json().unreadConversations).toBe(2);

    const threadId = all.results[0]._id;
    const read = await call('POST', `/api/conversations/${threadId}/read?clientId=${T.client.id}`, h);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ message: messages.conversations.markedRead, unreadConversationsCount: 1, thread: { unreadCount: 0 } });
    expect((await unread({ 'if-none-match': e2.headers.etag as string })).json()).toEqual({ unreadConversationsCount: 1 });

    const assign = await call('POST', `/api/conversations/${threadId}/assign`, h, { clientId: T.client.id, userId: T.staff.id });
    expect(assign.statusCode, assign.body).toBe(200);
    expect(assign.json()).toMatchObject({ message: messages.conversations.assigned, thread: { assignedUserId: T.staff.id } });
    expect(await names('&mine=true')).toEqual(['Third', 'First']);
    const outsider = await call('POST', `/api/conversations/${threadId}/assign`, h, { clientId: T.client.id, userId: B.staff.id });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json()).toEqual({ errorMsg: { userId: [messages.conversations.assigneeNotMember] } });

    // Another client's thread is not found, by id or through the other client.
    const foreign = await call('GET', `/api/conversations/${threadId}?clientId=${B.client.id}`, B.staffAuth.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ errorMsg: { threadId: [messages.conversations.threadNotFound] } });
    expect((await call('GET', `/api/conversations/${threadId}?clientId=${T.client.id}`, B.staffAuth.headers)).statusCode).toBe(404);
  });

  it('rights: cultivate members read and write to one candidate; bulk needs an editor; no cultivate role, no conversations', async () => {
    const member = await createUser(t.app, {
      role: 'user',
      clientId: A.client.id,
      products: { wave: 'none', harvest: 'admin', cultivate: 'member', motivator: 'none', harvestPlus: 'none' },
    });
    const none = await createUser(t.app, {
      role: 'user',
      clientId: A.client.id,
      products: { wave: 'none', harvest: 'admin', cultivate: 'none', motivator: 'none', harvestPlus: 'none' },
    });
    const mh = (await signIn(t.app, member.email)).headers;
    const nh = (await signIn(t.app, none.email)).headers;
    const c1 = await candidate(A.client.id);
    const c2 = await candidate(A.client.id);
    const body = { clientId: A.client.id, channel: 'email', subject: 'S', body: 'B' };
    expect((await call('POST', '/api/conversations/send', mh, { ...body, candidateIds: [c1.id] })).statusCode).toBe(202);
    const bulk = await call('POST', '/api/conversations/send', mh, { ...body, candidateIds: [c1.id, c2.id] });
    expect(bulk.statusCode).toBe(403);
    expect(bulk.json()).toEqual({ errorMsg: { conversations: [messages.conversations.bulkNeedsEditor] } });
    for (const url of [`/api/conversations?clientId=${A.client.id}`, `/api/conversations/unread-count?clientId=${A.client.id}`]) {
      expect((await call('GET', url, mh)).statusCode).toBe(200);
      const r = await call('GET', url, nh);
      expect(r.statusCode).toBe(403);
      expect(r.json()).toEqual({ errorMsg: { conversations: [messages.server.forbidden] } });
    }
  });
});
