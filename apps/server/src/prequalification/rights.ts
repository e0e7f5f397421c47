import { messages } from '@hh/contract/messages';
import { type Need, requireClient, requireRight } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { Deps } from '../core/deps.ts';
import { badRequest } from '../lib/app-error.ts';

/** Every refusal of these calls is keyed as the spec names the sets. */
export const KEY = 'prequalificationQuestions';
const WRITERS: Need = { product: 'harvest', level: 'editor' };

/** The client the call names (400 under this domain's key when none), one the actor may see (404). */
export async function scopedClient(deps: Pick<Deps, 'db'>, actor: Actor, clientId: string | undefined) {
  if (!clientId) throw badRequest(KEY, messages.server.clientIdRequired);
  return requireClient(deps, actor, clientId, 'member', KEY);
}

/** As scopedClient, then the harvest editor right (403): the sets are changed by harvest editors. */
export async function writableClient(deps: Pick<Deps, 'db'>, actor: Actor, clientId: string | undefined) {
  const client = await scopedClient(deps, actor, clientId);
  requireRight(actor, WRITERS, KEY);
  return client;
}
