import type { clientRoutes as r } from '@hh/contract/clients';
import { requireClient } from '../auth/access.ts';
import { unreadConversationsCountOf } from '../conversations/index.ts';
import type { Operation } from '../core/operation.ts';

/**
 * GET /api/client/get-unread-messages-count: the portal's unread badge. A true count from the
 * messages: conversations of the client with inbound messages no one has read yet.
 */
export const getUnreadMessagesCount: Operation<typeof r.unreadMessagesCount, 'db'> = async (deps, input) => {
  const c = await requireClient(deps, input.actor, input.clientId);
  return { unreadConversationsCount: await unreadConversationsCountOf({ db: deps.db }, { clientId: c.id }) };
};
