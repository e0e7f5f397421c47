import type { DbDeps } from '../core/deps.ts';
import type { conversationsRoutes as r } from '@hh/contract/conversations';
import { and, eq, gt, sql } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import { answer, type Operation } from '../core/operation.ts';
import { conversationThreads } from '../db/schema/conversations.ts';
import { CONVERSATION_USERS } from './rights.ts';

/** Conversations of the client with inbound messages no one has read yet (the badge, Home, the client's count). */
export async function unreadConversationsCountOf({ db }: DbDeps, { clientId }: { clientId: string }): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(conversationThreads)
    .where(and(eq(conversationThreads.clientId, clientId), gt(conversationThreads.unreadCount, 0)));
  return row?.n ?? 0;
}

/**
 * GET /api/conversations/unread-count: the badge polls it; the ETag is the count (and the client),
 * so an unchanged count answers 304 with no body and the badge stays as it is.
 */
export const getUnreadCount: Operation<typeof r.unreadCount, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CONVERSATION_USERS, 'conversations');
  const n = await unreadConversationsCountOf({ db: deps.db }, { clientId: client.id });
  const etag = `W/"unread-${client.id.slice(0, 8)}-${n}"`;
  const headers = { etag, 'cache-control': 'private, no-cache' };
  const sent = input.caller.headers['if-none-match'];
  const tags = (Array.isArray(sent) ? sent.join(',') : (sent ?? '')).split(',').map((s) => s.trim());
  if (tags.includes(etag) || tags.includes('*')) return answer({ status: 304, headers });
  return answer({ status: 200, headers, body: { unreadConversationsCount: n } });
};
