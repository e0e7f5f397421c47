import { messages } from '@hh/contract/messages';
import { type Need, may, requireClient, requireRight } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { DbOrTx } from '../db/client.ts';
import { forbidden } from '../lib/app-error.ts';

/** Global questions are product-wide: only global admins write them (recruiting spec §3 "global or client-scoped"). */
export function requireGlobalWriter(actor: Actor) {
  requireRight(actor, 'admin', 'questions');
}

/** Client staff who edit a product (editor or admin in Harvest or Wave); admins and the client's recruiters have every product right. */
const BANK_WRITERS: Need[] = [
  { product: 'harvest', level: 'editor' },
  { product: 'wave', level: 'editor' },
];

/**
 * A client's question bank and email templates: readable by everyone with access to the client;
 * written by admins, the client's recruiters, and its staff who edit a product (editor or admin in
 * Harvest or Wave), docs/permissions.md. The client is checked first (404), then the right (403).
 */
export async function loadClientForWrite(deps: { db: DbOrTx }, input: { actor: Actor; clientId: string | undefined; key: string }) {
  const client = await requireClient(deps, input.actor, input.clientId, 'member', input.key);
  if (!BANK_WRITERS.some((need) => may(input.actor, need))) throw forbidden(input.key, messages.server.forbidden);
  return client;
}
