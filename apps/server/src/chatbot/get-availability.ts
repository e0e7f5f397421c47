import type { chatbotRoutes as r } from '@hh/contract/chatbot';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { readAvailability, serializeAvailability } from './availability.ts';
import { CHATBOT_READERS } from './rights.ts';

/** GET /api/chatbot/availability: the times the career-site chatbot may offer for the client named in the query. */
export const getAvailability: Operation<typeof r.availability, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CHATBOT_READERS, 'chatbot');
  return serializeAvailability(client.id, await readAvailability(deps.db, client.id), client.timeZone);
};
