import type { Actor } from '../auth/actor.ts';
import { loadAccessibleClient, requireProductRight } from '../auth/access.ts';
import type { Db } from '../db/client.ts';

/**
 * The client whose synonyms are read or changed: one the actor may see (another tenant's id is a
 * 404), and for a change, an editor of its career-site jobs (harvest), like departments.
 */
export async function loadSynonymClient(db: Db, actor: Actor, clientId: string, write: boolean) {
  const client = await loadAccessibleClient(db, actor, clientId, 'searchSynonyms');
  if (write) requireProductRight(actor, 'harvest', 'editor', 'searchSynonyms');
  return client;
}
