import type { conversationsRoutes as r } from '@hh/contract/conversations';
import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { conversationThreads } from '../db/schema/conversations.ts';
import { loadThread } from './load-thread.ts';
import { CONVERSATION_USERS } from './rights.ts';
import { serializeThread } from './serialize.ts';
import { unreadConversationsCountOf } from './unread-count.ts';

/**
 * POST /api/conversations/{threadId}/read: the thread is read for the whole team (a shared inbox:
 * docs/conversations.md); the reply carries the client's new unread count for the badge.
 */
export const markRead: Operation<typeof r.read, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CONVERSATION_USERS, 'conversations');
  const { t, c } = await loadThread(deps.db, client.id, input.threadId);
  const [updated] = await deps.db
    .update(conversationThreads)
    .set({ unreadCount: 0, lastReadAt: new Date(), lastReadBy: input.actor.id })
    .where(and(eq(conversationThreads.clientId, client.id), eq(conversationThreads.id, t.id)))
    .returning();
  return {
    message: messages.conversations.markedRead,
    thread: serializeThread(updated, c),
    unreadConversationsCount: await unreadConversationsCountOf({ db: deps.db }, { clientId: client.id }),
  };
};
