import { randomBytes } from 'node:crypto';
import twilio from 'twilio';
import type { MatrixEntry, MatrixFixture, MatrixRole } from '../../../test/matrix-types.ts';
import { candidates } from '../../db/schema/candidates.ts';
import { smsSettings } from '../../db/schema/sms.ts';
import { smsSecrets } from './sms-settings.ts';

/**
 * Who may call each SMS route (spread into ../matrix.ts). Settings: the client's managers (admins and
 * recruiters with access, not its staff). Sending and opt-out status: tenant A's cultivate members.
 * Webhooks: public, but only a request signed with the client's auth token is taken, so the matrix
 * signs one (a fresh MessageSid per role, or it would be a replay) and every caller gets the same answer.
 */
const managersA: MatrixRole[] = ['admin', 'recruiterA'];
const tenantA: MatrixRole[] = ['admin', 'recruiterA', 'staffA'];
const signedIn: MatrixRole[] = ['admin', 'recruiterA', 'staffA', 'recruiterB', 'staffB'];
const everyone: MatrixRole[] = ['anonymous', ...signedIn];
const hex = (n: number) => randomBytes(n).toString('hex');
const AUTH_TOKEN = 'matrix-auth-token-0123456789abcdef';
const FROM = '+15125550199';

/**
 * Twilio set up for tenant A (no TWILIO_API_BASE in the matrix app: nothing is sent to Twilio by these
 * calls), put back as this file knows it each time: the settings entry above saves another token.
 */
async function smsA(f: MatrixFixture) {
  const box = smsSecrets(f.app.config);
  const known = { accountSid: `AC${'0'.repeat(32)}`, authTokenSealed: box.seal(AUTH_TOKEN), fromNumber: FROM, quietHoursOn: false };
  await f.app.db
    .insert(smsSettings)
    .values({ clientId: f.a.client.id, ...known })
    .onConflictDoUpdate({ target: smsSettings.clientId, set: known });
}
async function candidateA(f: MatrixFixture) {
  const [c] = await f.app.db
    .insert(candidates)
    .values({
      clientId: f.a.client.id,
      firstName: 'Matrix',
      lastName: hex(3),
      email: `sms-${hex(4)}@example.test`,
      phone: `+1512555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`,
    })
    .returning();
  return c;
}
async function signedWebhook(f: MatrixFixture, kind: 'inbound' | 'status') {
  await smsA(f);
  const path = `/api/conversations/sms/webhooks/${f.a.client.id}/${kind}`;
  const sid = `SM${hex(16)}`;
  const params: Record<string, string> =
    kind === 'inbound'
      ? { MessageSid: sid, AccountSid: `AC${'0'.repeat(32)}`, From: '+15125550142', To: FROM, Body: 'Hello' }
      : { MessageSid: sid, AccountSid: `AC${'0'.repeat(32)}`, MessageStatus: 'delivered', To: '+15125550142' };
  return {
    url: path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilio.getExpectedTwilioSignature(AUTH_TOKEN, `${f.app.config.publicUrl}${path}`, params),
    },
    payload: new URLSearchParams(params).toString(),
  };
}

export const smsMatrix: MatrixEntry[] = [
  {
    method: 'GET',
    route: '/api/conversations/sms/settings',
    allowed: managersA,
    request: (f) => ({ url: `/api/conversations/sms/settings?clientId=${f.a.client.id}` }),
  },
  {
    method: 'PUT',
    route: '/api/conversations/sms/settings',
    allowed: managersA,
    request: (f) => ({
      payload: { clientId: f.a.client.id, accountSid: `AC${'1'.repeat(32)}`, authToken: 'token-for-the-matrix', fromNumber: '+15125550123' },
    }),
  },
  {
    method: 'POST',
    route: '/api/conversations/sms/settings/test',
    allowed: managersA,
    note: 'With no TWILIO_API_BASE the call reaches no Twilio in tests: the answer is "Twilio could not be reached" or a refusal, still a 200',
    request: async (f) => {
      await smsA(f);
      return { payload: { clientId: f.a.client.id, to: '+15125550100' } };
    },
  },
  {
    method: 'GET',
    route: '/api/conversations/sms/opt-out',
    allowed: tenantA,
    request: (f) => ({ url: `/api/conversations/sms/opt-out?clientId=${f.a.client.id}&phone=%2B15125550100` }),
  },
  { method: 'POST', route: '/api/conversations/sms/segments', allowed: signedIn, request: () => ({ payload: { text: 'Hello' } }) },
  {
    method: 'POST',
    route: '/api/conversations/sms/send',
    allowed: tenantA,
    request: async (f) => {
      await smsA(f);
      return { payload: { clientId: f.a.client.id, candidateId: (await candidateA(f)).id, body: 'Hi from the matrix' } };
    },
  },
  {
    method: 'POST',
    route: '/api/conversations/sms/send-bulk',
    allowed: tenantA,
    request: async (f) => {
      await smsA(f);
      return { payload: { clientId: f.a.client.id, candidateIds: [(await candidateA(f)).id], body: 'Hi all', idempotencyKey: `matrix-${hex(6)}` } };
    },
  },
  {
    method: 'POST',
    route: '/api/conversations/sms/webhooks/:clientId/inbound',
    allowed: everyone,
    note: 'Public: Twilio calls it; the signature, not a session, decides',
    request: (f) => signedWebhook(f, 'inbound'),
  },
  {
    method: 'POST',
    route: '/api/conversations/sms/webhooks/:clientId/status',
    allowed: everyone,
    note: 'Public: Twilio calls it; the signature, not a session, decides',
    request: (f) => signedWebhook(f, 'status'),
  },
];
