import type { clientRoutes as r } from '@hh/contract/clients';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';

/** GET /api/client/get-unread-messages-count: the portal's unread badge reads unreadConversationsCount. */
export const getUnreadMessagesCount: Operation<typeof r.unreadMessagesCount, 'db'> = async (deps, input) => {
  const c = await requireClient(deps, input.actor, input.clientId);
  return { unreadConversationsCount: c.unreadConversationsCount };
};
