import type { conversationsRoutes as r } from '@hh/contract/conversations';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { addressOf, compose, displayName, loadRecipients, renderFor } from './compose.ts';
import { CONVERSATION_USERS } from './rights.ts';

/** POST /api/conversations/preview: the message as each recipient will get it, and who cannot get it (no address). */
export const previewMessage: Operation<typeof r.preview, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CONVERSATION_USERS, 'conversations');
  const c = await compose(deps.db, client, input.actor.id, input);
  const recipients = await loadRecipients(deps.db, client.id, input.candidateIds);
  return {
    results: recipients.map((x) => {
      const { to, problem } = addressOf(x, c.channel);
      return { candidateId: x.id, name: displayName(x), to, problem, ...renderFor(c, x) };
    }),
  };
};
