import type { Actor } from '../auth/actor.ts';
import { may, type Need } from '../auth/access.ts';

/**
 * Conversations are a cultivate feature (core §1): admins and recruiters on the clients they access;
 * client staff with a cultivate role. Reading the inbox and writing to one candidate: member or
 * above. Writing to several candidates at once (a bulk send: mail or texts in the client's name to
 * many people, which cannot be called back): editor or above.
 */
export const CONVERSATION_USERS: Need = { product: 'cultivate', level: 'member' };
export const CONVERSATION_BULK_SENDERS: Need = { product: 'cultivate', level: 'editor' };

export const hasNeed = (actor: Actor, _clientId: string, need: Need) => may(actor, need);
