import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { countSmsSegments, smsKeyword, smsMessages } from '@hh/contract/conversations-sms';
import { messages } from '@hh/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../test/helpers.ts';
import { createTestDatabase, dropTestDatabase } from '../../../test/test-db.ts';
import { buildApp } from '../../app.ts';
import { type Config, loadConfig } from '../../config.ts';
import { depsOf } from '../../core/deps.ts';
import { createDb, createPool } from '../../db/client.ts';
import { candidates } from '../../db/schema/candidates.ts';
import { conversationMessages, conversationThreads } from '../../db/schema/conversations.ts';
import { smsOptOuts, smsSends, smsSettings } from '../../db/schema/sms.ts';
import { recordOutbound } from '../index.ts';
import { deliverSms, SENDING_LEASE_MS } from './deliver-sms.ts';
import { type LoopbackAccount, type LoopbackTwilio, startLoopbackTwilio } from './loopback-twilio.ts';
import { quietHoursHold } from './quiet-hours.ts';

/**
 * SMS conversations end to end: the real app listening on loopback, Twilio's REST API played by
 * loopback-twilio.ts (TWILIO_API_BASE), which also posts Twilio's webhooks to the app signed as Twilio
 * signs them. Nothing of the production path is replaced.
 */
const PUBLIC_URL = 'https://hire.example.test';
const hex = (n: number) => randomBytes(n).toString('hex');
const newAccount = (): LoopbackAccount => ({ accountSid: `AC${hex(16)}`, authToken: hex(16) });

async function waitFor<T>(fn: () => Promise<T | undefined | false> | T | undefined | false, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

let twilioStub: LoopbackTwilio;
let dbName: string;
let dbUrl: string;
let dataDir: string;
let config: Config;
let pool: pg.Pool;
let app: FastifyInstance;

async function startApp(): Promise<FastifyInstance> {
  const a = await buildApp({ config, db: createDb(pool), pool, databaseUrl: dbUrl, logger: process.env.HH_TEST_LOG ? { level: 'error' } : false });
  await a.listen({ port: 0, host: '127.0.0.1' });
  const addr = a.server.address() as { port: number };
  twilioStub.target(`http://127.0.0.1:${addr.port}`);
  return a;
}

beforeAll(async () => {
  twilioStub = await startLoopbackTwilio({ publicUrl: PUBLIC_URL });
  dbName = `t_${hex(6)}`;
  dbUrl = await createTestDatabase(dbName);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'hh-sms-'));
  config = loadConfig(
    {},
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: hex(32),
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      PUBLIC_URL,
      TWILIO_API_BASE: twilioStub.url,
      JOB_EXPIRE_SECONDS: '30',
      QUEUE_MAINTENANCE_SECONDS: '5',
    },
  );
  pool = createPool(dbUrl, 8);
  app = await startApp();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await pool?.end();
  await twilioStub?.close();
  if (dbName) await dropTestDatabase(dbName);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

type Tenant = Awaited<ReturnType<typeof createTenant>>;
const call = (t: Tenant, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url, headers: t.recruiterAuth.headers, ...(payload ? { payload } : {}) });

/** A tenant with Twilio set up on a number of its own (quiet hours off unless asked). */
async function smsTenant(extra: Record<string, unknown> = {}) {
  const t = await createTenant(app);
  const account = newAccount();
  twilioStub.addAccount(account);
  const number = `+1312555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
  const r = await call(t, 'PUT', '/api/conversations/sms/settings', {
    clientId: t.client.id,
    accountSid: account.accountSid,
    authToken: account.authToken,
    fromNumber: number,
    quietHoursOn: false,
    ratePerMinute: 6000,
    ...extra,
  });
  expect(r.statusCode, r.body).toBe(200);
  return { ...t, account, number };
}

async function candidateWith(clientId: string, phone: string | null, name = 'Ana') {
  const [c] = await app.db
    .insert(candidates)
    .values({ clientId, firstName: name, lastName: hex(3), email: `${hex(6)}@cand.example`, phone })
    .returning();
  return c;
}

const messagesOf = (clientId: string, candidateId: string) =>
  app.db
    .select()
    .from(conversationMessages)
    .where(and(eq(conversationMessages.clientId, clientId), eq(conversationMessages.candidateId, candidateId)))
    .orderBy(conversationMessages.createdAt);

describe('segments, keywords and quiet hours (pure)', () => {
  it('counts GSM-7 and UCS-2 segments as carriers do', () => {
    expect(countSmsSegments('')).toMatchObject({ segments: 0, encoding: 'GSM-7' });
    expect(countSmsSegments('a'.repeat(160))).toMatchObject({ segments: 1, encoding: 'GSM-7', remaining: 0 });
    expect(countSmsSegments('a'.repeat(161))).toMatchObject({ segments: 2, perSegment: 153 });
    expect(countSmsSegments('Café à 8h')).toMatchObject({ encoding: 'GSM-7', units: 9 });
    expect(countSmsSegments('Price: 5€')).toMatchObject({ encoding: 'GSM-7', units: 10 }); // € is an escape: two units
    expect(countSmsSegments('Hi 👋')).toMatchObject({ encoding: 'UCS-2', units: 5, segments: 1 });
    expect(countSmsSegments('ç'.repeat(70) + 'ł')).toMatchObject({ encoding: 'UCS-2', segments: 2, perSegment: 67 });
  });

  it('reads the carrier keywords and their synonyms, whatever the case', () => {
    for (const w of ['STOP', 'stop', 'StopAll', 'UNSUBSCRIBE', 'cancel', 'End', 'quit.', ' STOP ']) expect(smsKeyword(w), w).toBe('stop');
    for (const w of ['START', 'unstop', 'Yes']) expect(smsKeyword(w), w).toBe('start');
    for (const w of ['HELP', 'info']) expect(smsKeyword(w), w).toBe('help');
    for (const w of ['please stop texting me at night', 'Thanks!', '']) expect(smsKeyword(w), w).toBeNull();
  });

  it('holds a text sent in quiet hours until the morning, in the client time zone', () => {
    // 22:30 in Chicago (CST, UTC-6) is 04:30 UTC; 21:00–08:00 is quiet: held until 08:00 Chicago, 14:00 UTC.
    expect(quietHoursHold(new Date('2026-01-15T04:30:00Z'), 'America/Chicago', 1260, 480)?.toISOString()).toBe('2026-01-15T14:00:00.000Z');
    // 07:59 in Chicago: one minute left.
    expect(quietHoursHold(new Date('2026-01-15T13:59:00Z'), 'America/Chicago', 1260, 480)?.toISOString()).toBe('2026-01-15T14:00:00.000Z');
    // Noon in Chicago: not quiet.
    expect(quietHoursHold(new Date('2026-01-15T18:00:00Z'), 'America/Chicago', 1260, 480)).toBeNull();
    // The same instant is quiet in Berlin (19:00 is not, 23:00 is).
    expect(quietHoursHold(new Date('2026-01-15T22:00:00Z'), 'Europe/Berlin', 1260, 480)?.toISOString()).toBe('2026-01-16T07:00:00.000Z');
  });
});

describe('Twilio settings', () => {
  it('stores the auth token sealed, never returns it, and keeps it when the form sends none', async () => {
    const t = await smsTenant();
    const got = await call(t, 'GET', `/api/conversations/sms/settings?clientId=${t.client.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ accountSid: t.account.accountSid, authTokenSet: true, fromNumber: t.number, configured: true });
    expect(got.body).not.toContain(t.account.authToken);
    expect(got.json().inboundWebhookUrl).toBe(`${PUBLIC_URL}/api/conversations/sms/webhooks/${t.client.id}/inbound`);
    const [row] = await app.db.select().from(smsSettings).where(eq(smsSettings.clientId, t.client.id));
    expect(row.authTokenSealed).toMatch(/^v1\./);
    expect(row.authTokenSealed).not.toContain(t.account.authToken);
    // Saved again without the token: the stored one stays.
    const again = await call(t, 'PUT', '/api/conversations/sms/settings', { clientId: t.client.id, accountSid: t.account.accountSid, fromNumber: t.number });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ authTokenSet: true, message: smsMessages.settingsSaved });
  });

  it('refuses settings without a token, a sender, or with a malformed number, SID or time zone', async () => {
    const t = await createTenant(app);
    const base = { clientId: t.client.id, accountSid: `AC${hex(16)}` };
    const cases: Array<[object, string, string]> = [
      [{ fromNumber: '+13125550100' }, 'authToken', smsMessages.authTokenRequired],
      [{ authToken: 'x'.repeat(32) }, 'fromNumber', smsMessages.senderRequired],
      [{ authToken: 'x'.repeat(32), fromNumber: '312-555' }, 'fromNumber', smsMessages.invalidNumber('312-555')],
      [{ authToken: 'x'.repeat(32), fromNumber: '+13125550100', timeZone: 'Mars/Olympus' }, 'timeZone', smsMessages.timeZoneInvalid('Mars/Olympus')],
      [{ authToken: 'x'.repeat(32), fromNumber: '+13125550100', apiKeySid: `SK${hex(16)}` }, 'apiKeySecret', smsMessages.apiKeyPair],
    ];
    for (const [extra, key, text] of cases) {
      const r = await call(t, 'PUT', '/api/conversations/sms/settings', { ...base, ...extra });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().errorMsg[key]).toEqual([text]);
    }
    const badSid = await call(t, 'PUT', '/api/conversations/sms/settings', { ...base, accountSid: 'AC123' });
    expect(badSid.statusCode).toBe(400);
    expect(badSid.json().errorMsg.accountSid).toEqual([smsMessages.accountSidInvalid]);
    expect(await app.db.select().from(smsSettings).where(eq(smsSettings.clientId, t.client.id))).toHaveLength(0);
  });

  it("another tenant's recruiter cannot read or change them", async () => {
    const t = await smsTenant();
    const other = await createTenant(app);
    expect((await call(other, 'GET', `/api/conversations/sms/settings?clientId=${t.client.id}`)).statusCode).toBe(404);
    expect((await call(other, 'POST', '/api/conversations/sms/settings/test', { clientId: t.client.id, to: '+13125550111' })).statusCode).toBe(404);
  });

  it("sends a test message and reports Twilio's answer in words, accepted or refused", async () => {
    const t = await smsTenant();
    const ok = await call(t, 'POST', '/api/conversations/sms/settings/test', { clientId: t.client.id, to: '+13125550123' });
    expect(ok.statusCode, ok.body).toBe(200);
    const sent = twilioStub.sent.find((m) => m.to === '+13125550123' && m.accountSid === t.account.accountSid);
    expect(sent).toBeDefined();
    expect(ok.json()).toEqual({ ok: true, sid: sent?.sid, status: 'queued', message: smsMessages.testSent('+13125550123', sent?.sid ?? '', 'queued') });
    // A wrong token: Twilio answers 401 Authenticate, and the screen says so.
    await app.db
      .update(smsSettings)
      .set({ accountSid: `AC${hex(16)}` })
      .where(eq(smsSettings.clientId, t.client.id));
    const refused = await call(t, 'POST', '/api/conversations/sms/settings/test', { clientId: t.client.id, to: '+13125550123' });
    expect(refused.json()).toMatchObject({ ok: false, message: 'Twilio refused the test message (HTTP 401, error 20003): Authenticate' });
    const invalid = await call(t, 'POST', '/api/conversations/sms/settings/test', { clientId: t.client.id, to: '555-0123' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errorMsg.to).toEqual([smsMessages.invalidNumber('555-0123')]);
  });
});

describe('webhooks', () => {
  it('an inbound text from an unknown number makes an SMS candidate, lands in the thread and counts unread', async () => {
    const t = await smsTenant();
    const r = await twilioStub.inbound(t.client.id, t.account, { from: '+13125559001', to: t.number, body: 'Is the night shift still open?' });
    expect(r.status, r.body).toBe(200);
    expect(r.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    const [cand] = await app.db
      .select()
      .from(candidates)
      .where(and(eq(candidates.clientId, t.client.id), eq(candidates.phone, '+13125559001')));
    expect(cand).toMatchObject({ source: 'SMS', lastName: '+13125559001' });
    const msgs = await messagesOf(t.client.id, cand.id);
    expect(msgs).toHaveLength(1);
    expect(msgs[0]).toMatchObject({
      channel: 'sms',
      direction: 'in',
      status: 'received',
      bodyText: 'Is the night shift still open?',
      fromAddress: '+13125559001',
    });
    const [thread] = await app.db.select().from(conversationThreads).where(eq(conversationThreads.id, msgs[0].threadId));
    expect(thread.unreadCount).toBe(1);
    // A second text from the same number goes to the same candidate.
    await twilioStub.inbound(t.client.id, t.account, { from: '+13125559001', to: t.number, body: 'Hello?' });
    expect(await messagesOf(t.client.id, cand.id)).toHaveLength(2);
    const [after] = await app.db.select().from(conversationThreads).where(eq(conversationThreads.id, msgs[0].threadId));
    expect(after.unreadCount).toBe(2);
  });

  it("a known candidate's text (phone typed with spaces, no +1) goes to that candidate", async () => {
    const t = await smsTenant();
    const c = await candidateWith(t.client.id, '(312) 555-9002');
    await twilioStub.inbound(t.client.id, t.account, { from: '+13125559002', to: t.number, body: 'Yes, Tuesday works' });
    expect((await messagesOf(t.client.id, c.id)).map((m) => m.bodyText)).toEqual(['Yes, Tuesday works']);
  });

  it('refuses unsigned (403), forged (403) and replayed (403) webhooks, and stores none of them', async () => {
    const t = await smsTenant();
    const unsigned = await twilioStub.inbound(t.client.id, t.account, { from: '+13125559003', to: t.number, body: 'unsigned' }, 'none');
    expect(unsigned.status).toBe(403);
    expect(JSON.parse(unsigned.body).errorMsg.sms).toEqual([smsMessages.signatureMissing]);
    const forged = await twilioStub.inbound(t.client.id, t.account, { from: '+13125559003', to: t.number, body: 'forged' }, 'forged');
    expect(forged.status).toBe(403);
    expect(JSON.parse(forged.body).errorMsg.sms).toEqual([smsMessages.signatureInvalid]);
    // The body changed after signing (a tampered request).
    const good = await twilioStub.inbound(t.client.id, t.account, { from: '+13125559003', to: t.number, body: 'the real one' });
    expect(good.status).toBe(200);
    const tampered = await twilioStub.replay({ ...good.request, form: good.request.form.replace('the+real+one', 'a+fake+one') });
    expect(tampered.status).toBe(403);
    const replayed = await twilioStub.replay(good.request);
    expect(replayed.status).toBe(403);
    expect(JSON.parse(replayed.body).errorMsg.sms).toEqual([smsMessages.replayed]);
    const [cand] = await app.db
      .select()
      .from(candidates)
      .where(and(eq(candidates.clientId, t.client.id), eq(candidates.phone, '+13125559003')));
    expect((await messagesOf(t.client.id, cand.id)).map((m) => m.bodyText)).toEqual(['the real one']);
  });

  it("refuses a webhook for another client's number (403) and an address of no client (404), in words", async () => {
    const a = await smsTenant();
    const b = await smsTenant();
    // Signed with A's token, for B's number, posted to A's address.
    const wrongNumber = await twilioStub.inbound(a.client.id, a.account, { from: '+13125559004', to: b.number, body: 'hi' });
    expect(wrongNumber.status).toBe(403);
    expect(JSON.parse(wrongNumber.body).errorMsg.sms).toEqual([smsMessages.notThisClientsNumber(b.number)]);
    // Signed with B's token but posted to A's address: A's token does not match.
    const wrongClient = await twilioStub.inbound(a.client.id, b.account, { from: '+13125559004', to: b.number, body: 'hi' });
    expect(wrongClient.status).toBe(403);
    const nobody = await twilioStub.inbound('00000000-0000-4000-8000-000000000000', a.account, { from: '+13125559004', to: a.number, body: 'hi' });
    expect(nobody.status).toBe(404);
    expect(JSON.parse(nobody.body).errorMsg.sms).toEqual([smsMessages.unknownClient]);
    expect(
      await app.db
        .select()
        .from(candidates)
        .where(and(eq(candidates.clientId, a.client.id), eq(candidates.phone, '+13125559004'))),
    ).toHaveLength(0);
  });
});

describe('sending', () => {
  it('a reply goes out through the queue, and status callbacks move its delivery on', async () => {
    const t = await smsTenant();
    const c = await candidateWith(t.client.id, '+13125559010');
    const r = await call(t, 'POST', '/api/conversations/sms/send', { clientId: t.client.id, candidateId: c.id, body: 'Hi Ana, can you come in on Tuesday?' });
    expect(r.statusCode, r.body).toBe(202);
    expect(r.json()).toMatchObject({ message: smsMessages.queued(1), send: { to: '+13125559010', status: 'queued', segments: 1, heldUntil: null } });
    const messageId = r.json().send.messageId;
    const out = await waitFor(() => twilioStub.sent.find((m) => m.to === '+13125559010'));
    expect(out).toMatchObject({
      from: t.number,
      body: 'Hi Ana, can you come in on Tuesday?',
      statusCallback: `${PUBLIC_URL}/api/conversations/sms/webhooks/${t.client.id}/status`,
    });
    const sent = await waitFor(async () => (await messagesOf(t.client.id, c.id)).find((m) => m.id === messageId && m.status === 'sent'));
    expect(sent.providerId).toBe(out.sid);

    expect((await twilioStub.status(out, t.account, 'sent')).status).toBe(200);
    const delivered = await twilioStub.status(out, t.account, 'delivered');
    expect(delivered.status).toBe(200);
    const [m] = await messagesOf(t.client.id, c.id);
    expect(m).toMatchObject({ status: 'delivered' });
    expect(m.deliveredAt).not.toBeNull();
    // The same callback again is a replay.
    expect((await twilioStub.replay(delivered.request)).status).toBe(403);
  });

  it('a failed delivery shows the reason in words', async () => {
    const t = await smsTenant();
    const c = await candidateWith(t.client.id, '+13125559011');
    await call(t, 'POST', '/api/conversations/sms/send', { clientId: t.client.id, candidateId: c.id, body: 'Hello' });
    const out = await waitFor(() => twilioStub.sent.find((m) => m.to === '+13125559011'));
    await waitFor(async () => (await messagesOf(t.client.id, c.id))[0]?.status === 'sent');
    await twilioStub.status(out, t.account, 'undelivered', '30005');
    const [m] = await messagesOf(t.client.id, c.id);
    expect(m).toMatchObject({ status: 'failed', failureReason: 'Not delivered: the number does not exist or is no longer in service (Twilio error 30005)' });
  });

  it('STOP opts the number out: the next send is refused in words and nothing reaches Twilio; START lets it through again', async () => {
    const t = await smsTenant();
    const c = await candidateWith(t.client.id, '+13125559020', 'Bo');
    const stop = await twilioStub.inbound(t.client.id, t.account, { from: '+13125559020', to: t.number, body: 'Unsubscribe' });
    expect(stop.status).toBe(200);
    expect(stop.body).toContain(`<Message>${smsMessages.stopReply}</Message>`);
    const status = await call(t, 'GET', `/api/conversations/sms/opt-out?clientId=${t.client.id}&phone=%2B13125559020`);
    expect(status.json()).toMatchObject({ phone: '+13125559020', optedOut: true, keyword: 'UNSUBSCRIBE', message: smsMessages.optedOut('+13125559020') });
    const refused = await call(t, 'POST', '/api/conversations/sms/send', { clientId: t.client.id, candidateId: c.id, body: 'Still interested?' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorMsg.candidateId).toEqual([smsMessages.optedOut('+13125559020')]);
    expect((await messagesOf(t.client.id, c.id)).filter((m) => m.direction === 'out')).toHaveLength(0);
    // Even a message queued by another path is refused by the send job.
    const { message } = await recordOutbound(app, {
      clientId: t.client.id,
      candidateId: c.id,
      channel: 'sms',
      from: t.number,
      to: '+13125559020',
      bodyText: 'Queued elsewhere',
    });
    expect(await deliverSms(depsOf(app), { clientId: t.client.id, messageId: message.id })).toEqual({ outcome: 'refused' });
    expect(twilioStub.sent.filter((m) => m.to === '+13125559020')).toHaveLength(0);
    const [failed] = await app.db.select().from(conversationMessages).where(eq(conversationMessages.id, message.id));
    expect(failed).toMatchObject({ status: 'failed', failureReason: smsMessages.optedOut('+13125559020') });

    const help = await twilioStub.inbound(t.client.id, t.account, { from: '+13125559020', to: t.number, body: 'help' });
    expect(help.body).toContain(smsMessages.helpReply(t.client.name));
    const start = await twilioStub.inbound(t.client.id, t.account, { from: '+13125559020', to: t.number, body: 'START' });
    expect(start.body).toContain(smsMessages.startReply);
    expect(await app.db.select().from(smsOptOuts).where(eq(smsOptOuts.clientId, t.client.id))).toHaveLength(0);
    const ok = await call(t, 'POST', '/api/conversations/sms/send', { clientId: t.client.id, candidateId: c.id, body: 'Welcome back' });
    expect(ok.statusCode).toBe(202);
    await waitFor(() => twilioStub.sent.find((m) => m.to === '+13125559020'));
  });

  it('an invalid number is refused (400) naming it; a candidate without one too', async () => {
    const t = await smsTenant();
    const bad = await candidateWith(t.client.id, '555-12', 'Cy');
    const r = await call(t, 'POST', '/api/conversations/sms/send', { clientId: t.client.id, candidateId: bad.id, body: 'Hi' });
    expect(r.statusCode).toBe(400);
    expect(r.json().errorMsg.candidateId).toEqual([smsMessages.invalidNumber('555-12')]);
    const none = await candidateWith(t.client.id, null, 'Di');
    const r2 = await call(t, 'POST', '/api/conversations/sms/send', { clientId: t.client.id, candidateId: none.id, body: 'Hi' });
    expect(r2.statusCode).toBe(400);
    expect(r2.json().errorMsg.candidateId).toEqual([messages.conversations.noPhone(`Di ${none.lastName}`)]);
    expect(await messagesOf(t.client.id, bad.id)).toHaveLength(0);
  });

  it('numbers of open plans are checked by their country: a German mobile too short and an Austrian one too long are refused in words, an Italian mobile goes out', async () => {
    const t = await smsTenant();
    const de = await candidateWith(t.client.id, '+49 151 234567', 'Dora');
    const r = await call(t, 'POST', '/api/conversations/sms/send', { clientId: t.client.id, candidateId: de.id, body: 'Hallo' });
    expect(r.statusCode).toBe(400);
    expect(r.json().errorMsg.candidateId).toEqual([
      '"+49 151 234567" is not a mobile number for Germany: no mobile number there has these 9 digits after +49 (a landline cannot get texts)',
    ]);
    expect(await messagesOf(t.client.id, de.id)).toHaveLength(0);
    const at = await candidateWith(t.client.id, '+43 664 1234 5678 901', 'Anton');
    const ita = await candidateWith(t.client.id, '+39 312 345 6789', 'Ilaria');
    const bulk = await call(t, 'POST', '/api/conversations/sms/send-bulk', {
      clientId: t.client.id,
      candidateIds: [at.id, ita.id],
      body: 'Ciao',
      idempotencyKey: `plans-${hex(6)}`,
    });
    expect(bulk.statusCode, bulk.body).toBe(202);
    expect(bulk.json()).toMatchObject({
      queued: 1,
      skipped: [
        {
          candidateId: at.id,
          reason: '"+43 664 1234 5678 901" is not a valid number for Austria: after +43 a number there has 5 to 13 digits, this one has 14',
        },
      ],
    });
    const out = await waitFor(() => twilioStub.sent.find((m) => m.to === '+393123456789' && m.accountSid === t.account.accountSid));
    expect(out.body).toBe('Ciao');
    expect(await messagesOf(t.client.id, at.id)).toHaveLength(0);
  });

  it('quiet hours hold a text until the morning', async () => {
    // Quiet from an hour ago to an hour from now, in UTC: whatever the time of the run, now is quiet.
    const nowMinute = new Date().getUTCHours() * 60 + new Date().getUTCMinutes();
    const t = await smsTenant({ quietHoursOn: true, timeZone: 'UTC', quietStartMinute: (nowMinute + 1380) % 1440, quietEndMinute: (nowMinute + 60) % 1440 });
    const c = await candidateWith(t.client.id, '+13125559030');
    const r = await call(t, 'POST', '/api/conversations/sms/send', { clientId: t.client.id, candidateId: c.id, body: 'Late night hello' });
    expect(r.statusCode).toBe(202);
    const held = new Date(r.json().send.heldUntil).getTime();
    expect(held).toBeGreaterThan(Date.now() + 58 * 60_000);
    expect(held).toBeLessThanOrEqual(Date.now() + 60 * 60_000);
    const [send] = await waitFor(async () => {
      const rows = await app.db.select().from(smsSends).where(eq(smsSends.clientId, t.client.id));
      return rows[0]?.status === 'held' ? rows : undefined;
    });
    expect(send.sendAfter?.getTime()).toBe(held);
    expect(twilioStub.sent.filter((m) => m.to === '+13125559030')).toHaveLength(0);
    // Morning: the job sends it.
    const messageId = r.json().send.messageId;
    expect((await deliverSms(depsOf(app), { clientId: t.client.id, messageId }, new Date(held + 1000))).outcome).toBe('sent');
    expect(twilioStub.sent.filter((m) => m.to === '+13125559030')).toHaveLength(1);
  });

  it("holds to the client's rate per minute", async () => {
    const t = await smsTenant({ ratePerMinute: 2 });
    const now = new Date('2031-03-03T12:00:10Z');
    const outcomes: string[] = [];
    for (const n of [1, 2, 3]) {
      const c = await candidateWith(t.client.id, `+1312555904${n}`);
      const { message } = await recordOutbound(app, {
        clientId: t.client.id,
        candidateId: c.id,
        channel: 'sms',
        from: t.number,
        to: c.phone ?? '',
        bodyText: `n${n}`,
      });
      outcomes.push((await deliverSms(depsOf(app), { clientId: t.client.id, messageId: message.id }, now)).outcome);
    }
    expect(outcomes).toEqual(['sent', 'sent', 'deferred']);
    const [held] = await app.db
      .select()
      .from(smsSends)
      .where(and(eq(smsSends.clientId, t.client.id), eq(smsSends.status, 'held')));
    expect(held.sendAfter?.toISOString()).toBe('2031-03-03T12:01:00.000Z');
  });

  it('a send whose answer was lost is looked up at Twilio, not sent again; a 5xx is retried once', async () => {
    const t = await smsTenant();
    const c = await candidateWith(t.client.id, '+13125559050');
    const { message } = await recordOutbound(app, {
      clientId: t.client.id,
      candidateId: c.id,
      channel: 'sms',
      from: t.number,
      to: '+13125559050',
      bodyText: 'Lost answer',
    });
    twilioStub.dropNext();
    await expect(deliverSms(depsOf(app), { clientId: t.client.id, messageId: message.id })).rejects.toThrow();
    const [marked] = await app.db.select().from(smsSends).where(eq(smsSends.messageId, message.id));
    expect(marked.status).toBe('sending');
    // Inside the lease another worker may be on it: the retry waits.
    await expect(deliverSms(depsOf(app), { clientId: t.client.id, messageId: message.id })).rejects.toThrow(/another worker/);
    const later = new Date(Date.now() + SENDING_LEASE_MS + 1000);
    const r = await deliverSms(depsOf(app), { clientId: t.client.id, messageId: message.id }, later);
    const atTwilio = twilioStub.sent.filter((m) => m.to === '+13125559050');
    expect(atTwilio).toHaveLength(1);
    expect(r).toEqual({ outcome: 'sent', providerSid: atTwilio[0].sid });

    const c2 = await candidateWith(t.client.id, '+13125559051');
    const second = await recordOutbound(app, {
      clientId: t.client.id,
      candidateId: c2.id,
      channel: 'sms',
      from: t.number,
      to: '+13125559051',
      bodyText: 'Busy Twilio',
    });
    twilioStub.failNext(503, 20500, 'Service unavailable');
    await expect(deliverSms(depsOf(app), { clientId: t.client.id, messageId: second.message.id })).rejects.toThrow();
    const afterLease = new Date(Date.now() + SENDING_LEASE_MS + 1000);
    expect((await deliverSms(depsOf(app), { clientId: t.client.id, messageId: second.message.id }, afterLease)).outcome).toBe('sent');
    expect(twilioStub.sent.filter((m) => m.to === '+13125559051')).toHaveLength(1);
    // A permanent refusal fails the message with Twilio's words.
    const c3 = await candidateWith(t.client.id, '+13125559052');
    const third = await recordOutbound(app, {
      clientId: t.client.id,
      candidateId: c3.id,
      channel: 'sms',
      from: t.number,
      to: '+13125559052',
      bodyText: 'Refused',
    });
    twilioStub.failNext(400, 21610, 'Attempt to send to unsubscribed recipient');
    expect((await deliverSms(depsOf(app), { clientId: t.client.id, messageId: third.message.id })).outcome).toBe('failed');
    const [m3] = await app.db.select().from(conversationMessages).where(eq(conversationMessages.id, third.message.id));
    expect(m3.failureReason).toBe('Twilio refused the message (error 21610): Attempt to send to unsubscribed recipient');
  });

  it('a bulk send to 500 candidates goes through the queue, each once, also across a restart of the worker', async () => {
    const t = await smsTenant();
    const ids: string[] = [];
    const rows = Array.from({ length: 500 }, (_, i) => ({
      clientId: t.client.id,
      firstName: 'Bulk',
      lastName: String(i),
      email: `bulk-${i}-${hex(3)}@cand.example`,
      phone: `+1646555${String(i).padStart(4, '0')}`,
    }));
    for (const c of await app.db.insert(candidates).values(rows).returning({ id: candidates.id })) ids.push(c.id);
    const body = { clientId: t.client.id, candidateIds: ids, body: 'Open house Saturday 10–2. Reply YES to join.', idempotencyKey: `open-house-${hex(4)}` };
    const started = Date.now();
    const r = await call(t, 'POST', '/api/conversations/sms/send-bulk', body);
    expect(r.statusCode, r.body).toBe(202);
    expect(r.json()).toMatchObject({ queued: 500, skipped: [], message: smsMessages.queued(500) });
    const mine = () => twilioStub.sent.filter((m) => m.accountSid === t.account.accountSid);
    // At least one chunk out, then the worker stops mid-send.
    await waitFor(() => mine().length >= 25, 150_000);
    // Restart: the worker stops (taking its running jobs to the end) and a new process takes over.
    await app.close();
    const atStop = mine().length;
    expect(atStop).toBeLessThan(500);
    app = await startApp();
    // The same request again (a retry by the browser) queues nothing new.
    const again = await call(t, 'POST', '/api/conversations/sms/send-bulk', body);
    expect(again.statusCode).toBe(202);
    await waitFor(async () => {
      const r2 = await app.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM conversation_messages WHERE client_id = ${t.client.id} AND channel = 'sms' AND status = 'sent'`,
      );
      return r2.rows[0].n === 500;
    }, 300_000);
    const numbers = mine().map((m) => m.to);
    console.info(`bulk SMS: ${atStop} of 500 sent before the restart, ${numbers.length} in all, ${Math.round((Date.now() - started) / 100) / 10} s`);
    expect(numbers).toHaveLength(500);
    expect(new Set(numbers).size).toBe(500);
    const outCount = await app.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM conversation_messages WHERE client_id = ${t.client.id} AND direction = 'out'`,
    );
    expect(outCount.rows[0].n).toBe(500);
  }, 480_000);
});
