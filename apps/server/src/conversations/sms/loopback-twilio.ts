import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';

/**
 * A stand-in for Twilio's REST API on loopback, for tests and local development (TWILIO_API_BASE):
 * the Messages resource (create and list, with basic auth and Twilio's error shape), which records
 * every message sent; and Twilio's side of the webhooks: it posts inbound messages and status
 * callbacks to our server, form-encoded and signed with X-Twilio-Signature as Twilio signs them (the
 * `twilio` package computes the signature), so the code under test is the production code.
 */
export interface LoopbackMessage {
  sid: string;
  accountSid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  statusCallback: string | null;
  status: string;
  dateCreated: Date;
}

export interface LoopbackAccount {
  accountSid: string;
  authToken: string;
  apiKeySid?: string;
  apiKeySecret?: string;
}

export interface WebhookCall {
  status: number;
  body: string;
  /** What was sent, so a test can send it again (a replay). */
  request: { url: string; headers: Record<string, string>; form: string };
}

const hex = (n: number) => randomBytes(n).toString('hex');
export const fakeSid = (prefix: string) => `${prefix}${hex(16)}`;

export async function startLoopbackTwilio(opts: {
  /** Our server's public address as configured (PUBLIC_URL): what Twilio signs. */
  publicUrl: string;
  /** Where our server actually listens (it may differ from the public address, as behind a proxy); settable later with `target`. */
  deliverTo?: string;
}) {
  let deliverTo = opts.deliverTo ?? opts.publicUrl;
  const accounts = new Map<string, LoopbackAccount>();
  const sent: LoopbackMessage[] = [];
  const faults: Array<{ kind: 'status'; status: number; code: number; message: string } | { kind: 'drop' }> = [];

  const twilioError = (res: http.ServerResponse, status: number, code: number, message: string) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }));
  };
  const view = (m: LoopbackMessage) => ({
    sid: m.sid,
    account_sid: m.accountSid,
    to: m.to,
    from: m.from,
    messaging_service_sid: m.messagingServiceSid,
    body: m.body,
    status: m.status,
    num_segments: '1',
    direction: 'outbound-api',
    date_created: m.dateCreated.toUTCString(),
    date_updated: m.dateCreated.toUTCString(),
    date_sent: m.dateCreated.toUTCString(),
    error_code: null,
    error_message: null,
    uri: `/2010-04-01/Accounts/${m.accountSid}/Messages/${m.sid}.json`,
  });

  /** The account a request's basic auth names (an account SID with its auth token, or an API key with its secret). */
  const authorised = (req: http.IncomingMessage, accountSid: string): boolean => {
    const a = accounts.get(accountSid);
    const header = req.headers.authorization ?? '';
    if (!a || !header.startsWith('Basic ')) return false;
    const [user, pass] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
    return (user === a.accountSid && pass === a.authToken) || (!!a.apiKeySid && user === a.apiKeySid && pass === a.apiKeySecret);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://loopback');
      const m = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/Messages\.json$/.exec(url.pathname);
      if (!m) return twilioError(res, 404, 20404, `The requested resource ${url.pathname} was not found`);
      const accountSid = m[1];
      if (!authorised(req, accountSid)) return twilioError(res, 401, 20003, 'Authenticate');
      if (req.method === 'GET') {
        const to = url.searchParams.get('To');
        const from = url.searchParams.get('From');
        const after = url.searchParams.get('DateSent>');
        const list = sent.filter(
          (s) =>
            s.accountSid === accountSid &&
            (!to || s.to === to) &&
            (!from || s.from === from) &&
            (!after || s.dateCreated.getTime() >= new Date(after).getTime() - 86_400_000), // Twilio filters by day
        );
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(
          JSON.stringify({
            messages: list.map(view),
            end: list.length ? list.length - 1 : 0,
            first_page_uri: url.pathname,
            next_page_uri: null,
            page: 0,
            page_size: 50,
            previous_page_uri: null,
            start: 0,
            uri: url.pathname,
          }),
        );
      }
      if (req.method !== 'POST') return twilioError(res, 405, 20004, 'Method not allowed');
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const fault = faults.shift();
      if (fault?.kind === 'status') return twilioError(res, fault.status, fault.code, fault.message);
      const toNumber = form.get('To') ?? '';
      if (!/^\+[1-9]\d{6,14}$/.test(toNumber)) return twilioError(res, 400, 21211, `The 'To' number ${toNumber} is not a valid phone number.`);
      if (!form.get('From') && !form.get('MessagingServiceSid'))
        return twilioError(res, 400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required to send a message");
      const message: LoopbackMessage = {
        sid: fakeSid('SM'),
        accountSid,
        to: toNumber,
        from: form.get('From'),
        messagingServiceSid: form.get('MessagingServiceSid'),
        body: form.get('Body') ?? '',
        statusCallback: form.get('StatusCallback'),
        status: 'queued',
        dateCreated: new Date(),
      };
      sent.push(message);
      // A fault of the network: Twilio took the message, the answer never arrives.
      if (fault?.kind === 'drop') return req.socket.destroy();
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify(view(message)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** Posts a form to our server as Twilio does: to `publicUrl + path`, signed with the account's auth token. */
  async function post(path: string, params: Record<string, string>, authToken: string, sign: 'valid' | 'none' | 'forged' = 'valid'): Promise<WebhookCall> {
    const signature = twilio.getExpectedTwilioSignature(authToken, `${opts.publicUrl}${path}`, params);
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'TwilioProxy/1.1' };
    if (sign === 'valid') headers['x-twilio-signature'] = signature;
    if (sign === 'forged') headers['x-twilio-signature'] = twilio.getExpectedTwilioSignature(`${authToken}x`, `${opts.publicUrl}${path}`, params);
    return send({ url: `${deliverTo}${path}`, headers, form: new URLSearchParams(params).toString() });
  }
  async function send(request: WebhookCall['request']): Promise<WebhookCall> {
    const res = await fetch(request.url, { method: 'POST', headers: request.headers, body: request.form });
    return { status: res.status, body: await res.text(), request };
  }

  return {
    url: base,
    sent,
    /** Where webhooks are posted (our server's listening address). */
    target(url: string) {
      deliverTo = url.replace(/\/$/, '');
    },
    /** Accounts the stand-in accepts (basic auth), as a Twilio project would. */
    addAccount(a: LoopbackAccount) {
      accounts.set(a.accountSid, a);
    },
    /** The next create answers with this Twilio error (a 5xx to test retries, a 4xx to test a refusal). */
    failNext(status: number, code: number, message: string) {
      faults.push({ kind: 'status', status, code, message });
    },
    /** The next create is taken but its answer is lost (the connection drops). */
    dropNext() {
      faults.push({ kind: 'drop' });
    },
    /** A text from a mobile phone to the client's number: Twilio's "a message comes in" webhook. */
    inbound(
      clientId: string,
      account: LoopbackAccount,
      m: { from: string; to: string; body: string; messagingServiceSid?: string; messageSid?: string },
      sign: 'valid' | 'none' | 'forged' = 'valid',
    ) {
      const sid = m.messageSid ?? fakeSid('SM');
      const params: Record<string, string> = {
        ToCountry: 'US',
        SmsMessageSid: sid,
        NumMedia: '0',
        SmsSid: sid,
        SmsStatus: 'received',
        Body: m.body,
        To: m.to,
        NumSegments: '1',
        MessageSid: sid,
        AccountSid: account.accountSid,
        From: m.from,
        ApiVersion: '2010-04-01',
        ...(m.messagingServiceSid ? { MessagingServiceSid: m.messagingServiceSid } : {}),
      };
      return post(`/api/conversations/sms/webhooks/${clientId}/inbound`, params, account.authToken, sign);
    },
    /** Twilio's status callback for a message we sent, to the StatusCallback it was given. */
    status(message: LoopbackMessage, account: LoopbackAccount, status: string, errorCode?: string) {
      if (!message.statusCallback) throw new Error(`message ${message.sid} has no status callback`);
      message.status = status;
      const path = message.statusCallback.slice(opts.publicUrl.length);
      const params: Record<string, string> = {
        SmsSid: message.sid,
        SmsStatus: status,
        MessageStatus: status,
        To: message.to,
        MessageSid: message.sid,
        AccountSid: account.accountSid,
        ...(message.from ? { From: message.from } : {}),
        ...(message.messagingServiceSid ? { MessagingServiceSid: message.messagingServiceSid } : {}),
        ApiVersion: '2010-04-01',
        ...(errorCode ? { ErrorCode: errorCode } : {}),
      };
      return post(path, params, account.authToken);
    },
    /** Sends a webhook again exactly as it was (a replay of a captured request). */
    replay: send,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type LoopbackTwilio = Awaited<ReturnType<typeof startLoopbackTwilio>>;
