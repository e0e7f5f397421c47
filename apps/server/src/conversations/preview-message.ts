import type { conversationsRoutes as r } from '@hh/contract/conversations';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { bookingLinkOf, usesBookingLink } from './booking-links.ts';
import { addressOf, compose, displayName, loadRecipients, renderFor } from './compose.ts';
import { CONVERSATION_USERS } from './rights.ts';

/** POST /api/conversations/preview: the message as each recipient will get it, and who cannot get it (no address). */
export const previewMessage: Operation<typeof r.preview, 'db' | 'config'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CONVERSATION_USERS, 'conversations');
  const c = await compose(deps.db, client, input.actor.id, input);
  const recipients = await loadRecipients(deps.db, client.id, input.candidateIds);
  const withLink = usesBookingLink(c);
  const results = [];
  for (const x of recipients) {
    const address = addressOf(x, c.channel);
    // The booking link is made only when the message is sent: the preview names the interview it will book, or why there is none.
    const link = withLink ? await bookingLinkOf(deps, c, x, input.actor.id, true) : null;
    const problem = address.problem ?? link?.problem ?? null;
    results.push({ candidateId: x.id, name: displayName(x), to: address.to, problem, ...renderFor(c, x, link?.previewText ?? null) });
  }
  return { results };
};
