import { messages } from '@hh/contract/messages';
import { hasProductRight, isAdmin, isStaffManager, loadAccessibleClient } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { DbOrTx } from '../db/client.ts';
import { forbidden } from '../lib/app-error.ts';

/** Global questions are product-wide: only global admins write them (recruiting spec §3 "global or client-scoped"). */
export function requireGlobalWriter(actor: Actor) {
  if (!isAdmin(actor)) throw forbidden('questions', messages.server.forbidden);
}

/**
 * A client's question bank and email templates: readable by everyone with access to the client;
 * written by admins, the client's recruiters, and its staff who edit a product (editor or admin in
 * Harvest or Wave), docs/permissions.md.
 */
export async function loadClientForWrite(db: DbOrTx, actor: Actor, clientId: string, key: string) {
  const client = await loadAccessibleClient(db, actor, clientId, key);
  if (!isStaffManager(actor) && !hasProductRight(actor, 'harvest', 'editor') && !hasProductRight(actor, 'wave', 'editor')) {
    throw forbidden(key, messages.server.forbidden);
  }
  return client;
}
