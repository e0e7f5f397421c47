import { phoneProblem } from '@hh/contract/conversations-phone';
import { normalizePhone, smsMessages } from '@hh/contract/conversations-sms';
import { messages } from '@hh/contract/messages';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTenant, setupTestApp, type TestApp } from '../../test/helpers.ts';
import { candidates } from '../db/schema/candidates.ts';
import { replyAddress } from './email/reply-address.ts';

/**
 * An inbound email's attachment downloaded through its authorised route, and mobile numbers checked
 * against their country's numbering plan before a text is stored (the send, the preview, the opt-out call).
 */
let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
let B: Awaited<ReturnType<typeof createTenant>>;
const DOMAIN = 'reply.hh.test';

beforeAll(async () => {
  t = await setupTestApp({ INBOUND_SMTP_PORT: '0', INBOUND_DOMAIN: DOMAIN });
  A = await createTenant(t.app);
  B = await createTenant(t.app);
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) => t.app.inject({ method, url, headers, payload });
const uid = () => Math.random().toString(16).slice(2, 10);
async function candidate(values: { phone?: string | null; firstName?: string; lastName?: string } = {}) {
  const [c] = await t.app.db
    .insert(candidates)
    .values({ clientId: A.client.id, firstName: 'Sam', lastName: uid(), email: `sam-${uid()}@example.test`, ...values })
    .returning();
  return c;
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('attachments of inbound email', () => {
  it('a reply’s attachment is downloaded through the conversations route: the same bytes, a download, never cached; not by another client or anyone signed out', async () => {
    const c = await candidate();
    const sent = await call('POST', '/api/conversations/send', A.staffAuth.headers, {
      clientId: A.client.id,
      candidateIds: [c.id],
      channel: 'email',
      subject: 'Your CV',
      body: 'Could you send your CV?',
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const threadId = sent.json().messages[0].threadId as string;
    const port = t.app.inboundSmtp?.port;
    if (!port) throw new Error('the inbound SMTP listener did not start');
    await nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true }).sendMail({
      from: c.email,
      to: replyAddress(t.app.config, threadId),
      subject: 'Re: Your CV',
      text: 'Here it is.',
      attachments: [{ filename: 'Sam CV "final".pdf', content: PDF }],
    });

    const thread = await call('GET', `/api/conversations/${threadId}?clientId=${A.client.id}`, A.staffAuth.headers);
    const inbound = thread.json().messages.find((m: { direction: string }) => m.direction === 'in');
    expect(inbound.attachments).toHaveLength(1);
    const a = inbound.attachments[0];
    expect(a).toMatchObject({ contentType: 'application/pdf', sizeBytes: PDF.length });

    const url = `/api/conversations/attachments/${a._id}?clientId=${A.client.id}`;
    const res = await call('GET', url, A.staffAuth.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Quotes and spaces never break the header: a safe name, and the exact name encoded.
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${a.filename.replace(/[^\w. ()-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(a.filename)}`,
    );

    const other = await call('GET', `/api/conversations/attachments/${a._id}?clientId=${B.client.id}`, B.staffAuth.headers);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ errorMsg: { attachmentId: [messages.conversations.attachmentNotFound] } });
    const crossed = await call('GET', `/api/conversations/attachments/${a._id}?clientId=${A.client.id}`, B.staffAuth.headers);
    expect([403, 404]).toContain(crossed.statusCode);
    expect(crossed.rawPayload.equals(PDF)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const unknown = await call('GET', `/api/conversations/attachments/${crypto.randomUUID()}?clientId=${A.client.id}`, A.staffAuth.headers);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ errorMsg: { attachmentId: [messages.conversations.attachmentNotFound] } });
  });

  it('a file whose stored copy is gone is a 404 in words, not a 500', async () => {
    const c = await candidate();
    const { rows } = await t.app.pool.query(
      `WITH th AS (INSERT INTO conversation_threads (client_id, candidate_id) VALUES ($1, $2) RETURNING id),
            m AS (INSERT INTO conversation_messages (client_id, thread_id, candidate_id, channel, direction, from_address, to_address, body_text, status)
                  SELECT $1, id, $2, 'email', 'in', $3, 'x@reply.hh.test', 'lost', 'received' FROM th RETURNING id)
       INSERT INTO conversation_attachments (client_id, message_id, filename, content_type, size_bytes, storage_key)
       SELECT $1, id, 'lost.pdf', 'application/pdf', 10, $4 FROM m RETURNING id`,
      [A.client.id, c.id, c.email, `conversations/${A.client.id}/${crypto.randomUUID()}.pdf`],
    );
    const res = await call('GET', `/api/conversations/attachments/${rows[0].id}?clientId=${A.client.id}`, A.staffAuth.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errorMsg: { attachmentId: [messages.conversations.attachmentNotFound] } });
  });
});

describe('mobile numbers by country (libphonenumber-js, mobile metadata)', () => {
  it('the contract’s check: E.164, the length of the country’s plan (open plans too), +1’s area code and exchange, and a mobile number', () => {
    expect(phoneProblem('+1 312 555 0100')).toBeNull();
    expect(phoneProblem('+33 6 12 34 56 78')).toBeNull();
    expect(phoneProblem('+64 21 555 0199')).toBeNull();
    expect(phoneProblem('+44 7911 123456')).toBeNull();
    // Without a country code: read as North American when it has the 10 digits (US career sites' forms), else refused.
    expect(phoneProblem('312 555 0100')).toBeNull();
    expect(normalizePhone('(512) 555-0148')).toBe('+15125550148');
    expect(normalizePhone('1-512-555-0148')).toBe('+15125550148');
    expect(phoneProblem('(012) 555-0148')).toBe(smsMessages.nanpBadDigit('(012) 555-0148', 'area code'));
    expect(phoneProblem('555 0100')).toBe(smsMessages.invalidNumber('555 0100'));
    expect(phoneProblem('07700 900123')).toBe(smsMessages.invalidNumber('07700 900123'));
    expect(phoneProblem('+999 123 4567')).toBe(smsMessages.invalidNumber('+999 123 4567')); // no such country code
    expect(phoneProblem('+1 312 555 010')).toBe(
      '"+1 312 555 010" is not a valid number for the United States or Canada: after +1 a number there has 10 digits, this one has 9',
    );
    expect(phoneProblem('+33 6 12 34 56 7')).toBe(smsMessages.wrongLengthForCountry('+33 6 12 34 56 7', 'France', '33', '9', 8));
    // +44's length does not tell which of the countries sharing the code it is: all are named.
    expect(phoneProblem('+44 7700 9000')).toBe(
      smsMessages.wrongLengthForCountry('+44 7700 9000', 'the United Kingdom, Guernsey, the Isle of Man or Jersey', '44', '7, 9 or 10', 8),
    );
    expect(phoneProblem('+1 012 555 0100')).toBe(smsMessages.nanpBadDigit('+1 012 555 0100', 'area code'));
    expect(phoneProblem('+1 312 155 0100')).toBe(smsMessages.nanpBadDigit('+1 312 155 0100', 'exchange'));
    // A landline cannot get texts.
    expect(phoneProblem('+44 20 7946 0958')).toBe(smsMessages.notMobileNumber('+44 20 7946 0958', 'the United Kingdom', '44', 10));
  });

  it('variable-length plans: Germany, Italy and Austria, too short, too long and right', () => {
    // Germany: national numbers of 4 to 15 digits (13 within E.164's 15); mobiles 015x, 016x, 017x of 10 or 11.
    expect(phoneProblem('+49 151 23456789')).toBeNull();
    expect(phoneProblem('+49 170 1234567')).toBeNull();
    expect(phoneProblem('+49 123')).toBe('"+49 123" is not a valid number for Germany: after +49 a number there has 5 to 13 digits, this one has 3');
    expect(phoneProblem('+49 1512 3456 7890 12')).toBe(
      '"+49 1512 3456 7890 12" is not a valid number for Germany: after +49 a number there has 5 to 13 digits, this one has 14',
    );
    expect(phoneProblem('+49 151 234567')).toBe(
      '"+49 151 234567" is not a mobile number for Germany: no mobile number there has these 9 digits after +49 (a landline cannot get texts)',
    );
    expect(phoneProblem('+49 30 1234567')).toBe(smsMessages.notMobileNumber('+49 30 1234567', 'Germany', '49', 9)); // a Berlin landline
    // Italy: 6 to 12 digits; mobiles start with 3.
    expect(phoneProblem('+39 312 345 6789')).toBeNull();
    expect(phoneProblem('+39 31 234')).toBe(
      '"+39 31 234" is not a valid number for Italy or Vatican City: after +39 a number there has 6 to 12 digits, this one has 5',
    );
    expect(phoneProblem('+39 312 345 678 901 2')).toBe(
      '"+39 312 345 678 901 2" is not a valid number for Italy or Vatican City: after +39 a number there has 6 to 12 digits, this one has 13',
    );
    expect(phoneProblem('+39 06 1234 5678')).toBe(smsMessages.notMobileNumber('+39 06 1234 5678', 'Italy', '39', 10)); // a Rome landline
    // Austria: 4 to 13 digits.
    expect(phoneProblem('+43 664 1234567')).toBeNull();
    expect(phoneProblem('+43 664 1234 5678 901')).toBe(
      '"+43 664 1234 5678 901" is not a valid number for Austria: after +43 a number there has 5 to 13 digits, this one has 14',
    );
    expect(phoneProblem('+43 664 123')).toBe(smsMessages.notMobileNumber('+43 664 123', 'Austria', '43', 6));
  });

  it('a text to a number that is wrong for its country is a 400 naming the problem, nothing stored; the preview names it; a good number typed with spaces goes out as E.164', async () => {
    const bad = await candidate({ phone: '+1 312 555 010', firstName: 'Robin', lastName: 'Short' });
    const res = await call('POST', '/api/conversations/send', A.staffAuth.headers, {
      clientId: A.client.id,
      candidateIds: [bad.id],
      channel: 'sms',
      body: 'Hi {{firstName}}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errorMsg: { candidateIds: [phoneProblem('+1 312 555 010')] } });
    expect(await countRows(t.app, 'conversation_messages', `candidate_id = '${bad.id}'`)).toBe(0);
    expect(await countRows(t.app, 'conversation_threads', `candidate_id = '${bad.id}'`)).toBe(0);

    const good = await candidate({ phone: '+1 (312) 555-0177', firstName: 'Kim' });
    const preview = await call('POST', '/api/conversations/preview', A.staffAuth.headers, {
      clientId: A.client.id,
      candidateIds: [bad.id, good.id],
      channel: 'sms',
      body: 'Hi {{firstName}}',
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().results.map((r: { to: string | null; problem: string | null }) => [r.to, r.problem])).toEqual([
      [null, phoneProblem('+1 312 555 010')],
      ['+13125550177', null],
    ]);
    const ok = await call('POST', '/api/conversations/send', A.staffAuth.headers, {
      clientId: A.client.id,
      candidateIds: [good.id],
      channel: 'sms',
      body: 'Hi',
    });
    expect(ok.statusCode, ok.body).toBe(202);
    expect(ok.json().messages[0]).toMatchObject({ to: '+13125550177', status: 'queued' });
  });

  it('the opt-out call the composer asks refuses a number wrong for its country with the same words', async () => {
    const res = await call(
      'GET',
      `/api/conversations/sms/opt-out?clientId=${A.client.id}&phone=${encodeURIComponent('+33 6 12 34 56 7')}`,
      A.staffAuth.headers,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errorMsg: { phone: [phoneProblem('+33 6 12 34 56 7')] } });
  });
});
