import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { MatrixEntry, MatrixFixture, MatrixRole } from '../../test/matrix-types.ts';
import { candidates } from '../db/schema/candidates.ts';
import { chatbotAvailability } from '../db/schema/chatbot.ts';
import { clients } from '../db/schema/core.ts';
import { signCandidateToken } from './candidate-token.ts';

/**
 * Who may call each chatbot route. The availability is read by tenant A's users and saved by its
 * managers (admins and recruiters who manage it). The chat's calls are public: everyone gets the same
 * answer for tenant A's site, once its chatbot is on (each booking call books a fresh candidate into
 * the first time still offered).
 */
const tenantA: MatrixRole[] = ['admin', 'recruiterA', 'staffA'];
const managersA: MatrixRole[] = ['admin', 'recruiterA'];
const everyone: MatrixRole[] = ['anonymous', 'admin', 'recruiterA', 'staffA', 'recruiterB', 'staffB'];
const hex = (n: number) => randomBytes(n).toString('hex');

async function chatOnA(f: MatrixFixture) {
  await f.app.db
    .update(clients)
    .set({ integrations: { chatbot: { enabled: true } } })
    .where(eq(clients.id, f.a.client.id));
  const every = { timeZone: 'UTC', slotMinutes: 15, ranges: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '23:45' })) };
  await f.app.db
    .insert(chatbotAvailability)
    .values({ clientId: f.a.client.id, ...every })
    .onConflictDoUpdate({ target: chatbotAvailability.clientId, set: every });
}

/** A fresh chat booking on tenant A's site: the token of its reschedule/cancel link. */
async function chatBookedA(f: MatrixFixture): Promise<string> {
  await chatOnA(f);
  const [c] = await f.app.db
    .insert(candidates)
    .values({ clientId: f.a.client.id, firstName: 'Matrix', lastName: hex(3), email: `manage-${hex(4)}@example.test`, source: 'Chatbot' })
    .returning();
  const slots = (await f.app.inject({ method: 'GET', url: `/api/chatbot/public/slots?nameSlug=${f.a.client.nameSlug}` })).json() as {
    slots: { start: string }[];
  };
  const booked = await f.app.inject({
    method: 'POST',
    url: '/api/chatbot/public/book',
    payload: {
      nameSlug: f.a.client.nameSlug,
      candidateToken: signCandidateToken(f.app.config, { clientId: f.a.client.id, candidateId: c.id }),
      start: slots.slots[0].start,
    },
  });
  return (booked.json() as { manageUrl: string }).manageUrl.split('/schedule/chat/')[1];
}

export const matrix: MatrixEntry[] = [
  { method: 'GET', route: '/api/chatbot/availability', allowed: tenantA, request: (f) => ({ url: `/api/chatbot/availability?clientId=${f.a.client.id}` }) },
  {
    method: 'PUT',
    route: '/api/chatbot/availability',
    allowed: managersA,
    request: (f) => ({
      payload: { clientId: f.a.client.id, timeZone: 'America/Chicago', slotMinutes: 30, ranges: [{ weekday: 1, start: '09:00', end: '12:00' }] },
    }),
  },
  {
    method: 'GET',
    route: '/api/chatbot/public/ask',
    allowed: everyone,
    note: 'public: the chat on the career site',
    request: async (f) => {
      await chatOnA(f);
      return { url: `/api/chatbot/public/ask?nameSlug=${f.a.client.nameSlug}&q=nurse` };
    },
  },
  {
    method: 'GET',
    route: '/api/chatbot/public/slots',
    allowed: everyone,
    note: 'public: the chat on the career site',
    request: async (f) => {
      await chatOnA(f);
      return { url: `/api/chatbot/public/slots?nameSlug=${f.a.client.nameSlug}` };
    },
  },
  {
    method: 'POST',
    route: '/api/chatbot/public/candidate',
    allowed: everyone,
    note: 'public: the chat on the career site',
    request: async (f) => {
      await chatOnA(f);
      return {
        payload: {
          nameSlug: f.a.client.nameSlug,
          firstName: 'Matrix',
          lastName: hex(3),
          email: `chat-${hex(4)}@example.test`,
          phone: '+15125550142',
          consent: true,
        },
      };
    },
  },
  {
    method: 'POST',
    route: '/api/chatbot/public/book',
    allowed: everyone,
    note: 'public: the chat on the career site',
    request: async (f) => {
      await chatOnA(f);
      const [c] = await f.app.db
        .insert(candidates)
        .values({ clientId: f.a.client.id, firstName: 'Matrix', lastName: hex(3), email: `book-${hex(4)}@example.test`, source: 'Chatbot' })
        .returning();
      const slots = (await f.app.inject({ method: 'GET', url: `/api/chatbot/public/slots?nameSlug=${f.a.client.nameSlug}` })).json() as {
        slots: { start: string }[];
      };
      return {
        payload: {
          nameSlug: f.a.client.nameSlug,
          candidateToken: signCandidateToken(f.app.config, { clientId: f.a.client.id, candidateId: c.id }),
          start: slots.slots[0].start,
        },
      };
    },
  },
  {
    method: 'GET',
    route: '/api/chatbot/public/bookings/:token',
    allowed: everyone,
    note: 'public: the link in the chat booking’s confirmation',
    request: async (f) => ({ url: `/api/chatbot/public/bookings/${await chatBookedA(f)}` }),
  },
  {
    method: 'POST',
    route: '/api/chatbot/public/bookings/:token/reschedule',
    allowed: everyone,
    note: 'public: the link in the chat booking’s confirmation',
    request: async (f) => {
      const token = await chatBookedA(f);
      const view = (await f.app.inject({ method: 'GET', url: `/api/chatbot/public/bookings/${token}` })).json() as { slots: { start: string }[] };
      return { url: `/api/chatbot/public/bookings/${token}/reschedule`, payload: { start: view.slots[0].start, timeZone: 'UTC' } };
    },
  },
  {
    method: 'POST',
    route: '/api/chatbot/public/bookings/:token/cancel',
    allowed: everyone,
    note: 'public: the link in the chat booking’s confirmation',
    request: async (f) => ({ url: `/api/chatbot/public/bookings/${await chatBookedA(f)}/cancel`, payload: {} }),
  },
];
