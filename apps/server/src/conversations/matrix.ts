import { randomBytes } from 'node:crypto';
import type { MatrixEntry, MatrixFixture, MatrixRole } from '../../test/matrix-types.ts';
import { candidates } from '../db/schema/candidates.ts';
import { smsMatrix } from './sms/matrix.ts';
import { conversationAttachments } from '../db/schema/conversations.ts';
import { recordInbound } from './store.ts';

/** Who may call each conversations route: anyone of tenant A with a cultivate role (the fixture's staff has every role). */
const tenantA: MatrixRole[] = ['admin', 'recruiterA', 'staffA'];
const uid = () => randomBytes(4).toString('hex');

async function candidateA(f: MatrixFixture) {
  const [c] = await f.app.db
    .insert(candidates)
    .values({ clientId: f.a.client.id, firstName: 'Matrix', lastName: uid(), email: `m-${uid()}@example.test`, phone: '+15125550100' })
    .returning();
  return c;
}
async function threadA(f: MatrixFixture) {
  const c = await candidateA(f);
  const { thread } = await recordInbound(
    { db: f.app.db },
    { clientId: f.a.client.id, candidateId: c.id, channel: 'email', from: c.email, to: 'reply@example.test', subject: 'Hi', bodyText: 'Hello' },
  );
  return thread;
}

export const matrix: MatrixEntry[] = [
  { method: 'GET', route: '/api/conversations', allowed: tenantA, request: (f) => ({ url: `/api/conversations?clientId=${f.a.client.id}` }) },
  {
    method: 'GET',
    route: '/api/conversations/unread-count',
    allowed: tenantA,
    request: (f) => ({ url: `/api/conversations/unread-count?clientId=${f.a.client.id}` }),
  },
  {
    method: 'POST',
    route: '/api/conversations/send',
    allowed: tenantA,
    request: async (f) => ({
      payload: { clientId: f.a.client.id, candidateIds: [(await candidateA(f)).id], channel: 'email', subject: 'Hello', body: 'Hi {{firstName}}' },
    }),
  },
  {
    method: 'POST',
    route: '/api/conversations/preview',
    allowed: tenantA,
    request: async (f) => ({
      payload: { clientId: f.a.client.id, candidateIds: [(await candidateA(f)).id], channel: 'sms', body: 'Hi {{firstName}}' },
    }),
  },
  {
    method: 'GET',
    route: '/api/conversations/:threadId',
    allowed: tenantA,
    request: async (f) => ({ url: `/api/conversations/${(await threadA(f)).id}?clientId=${f.a.client.id}` }),
  },
  {
    method: 'POST',
    route: '/api/conversations/:threadId/read',
    allowed: tenantA,
    request: async (f) => ({ url: `/api/conversations/${(await threadA(f)).id}/read?clientId=${f.a.client.id}` }),
  },
  {
    method: 'POST',
    route: '/api/conversations/:threadId/assign',
    allowed: tenantA,
    request: async (f) => ({ url: `/api/conversations/${(await threadA(f)).id}/assign`, payload: { clientId: f.a.client.id, userId: f.a.staff.id } }),
  },
  {
    method: 'GET',
    route: '/api/conversations/attachments/:attachmentId',
    allowed: tenantA,
    request: async (f) => {
      const c = await candidateA(f);
      const { message } = await recordInbound(
        { db: f.app.db },
        { clientId: f.a.client.id, candidateId: c.id, channel: 'email', from: c.email, to: 'reply@example.test', subject: 'CV', bodyText: 'Attached' },
      );
      const key = `conversations/${f.a.client.id}/${uid()}.txt`;
      await f.app.storage.put(key, Buffer.from('My CV'), 'text/plain');
      const [a] = await f.app.db
        .insert(conversationAttachments)
        .values({ clientId: f.a.client.id, messageId: message.id, filename: 'cv.txt', contentType: 'text/plain', sizeBytes: 5, storageKey: key })
        .returning();
      return { url: `/api/conversations/attachments/${a.id}?clientId=${f.a.client.id}` };
    },
  },
  ...smsMatrix, // the SMS channel's calls and Twilio's webhooks (sms/matrix.ts)
];
