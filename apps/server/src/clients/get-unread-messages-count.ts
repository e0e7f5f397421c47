import { loadAccessibleClient } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { DbOrTx } from '../db/client.ts';

/** GET /api/client/get-unread-messages-count: the portal's unread badge reads unreadConversationsCount. */
export async function getUnreadMessagesCount(opts: { db: DbOrTx; actor: Actor; clientId: string }): Promise<{ unreadConversationsCount: number }> {
  const c = await loadAccessibleClient(opts.db, opts.actor, opts.clientId);
  return { unreadConversationsCount: c.unreadConversationsCount };
}
