import type { conversationsRoutes as r } from '@hh/contract/conversations';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { loadThread } from './load-thread.ts';
import { CONVERSATION_USERS } from './rights.ts';
import { loadMessages, serializeMessage, serializeThread } from './serialize.ts';

/** GET /api/conversations/{threadId}: the thread and its messages, oldest first. Reading it does not mark it read. */
export const getConversation: Operation<typeof r.get, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CONVERSATION_USERS, 'conversations');
  const { t, c } = await loadThread(deps.db, client.id, input.threadId);
  const list = await loadMessages(deps.db, client.id, null, t.id);
  return { thread: serializeThread(t, c), messages: list.map(serializeMessage) };
};
