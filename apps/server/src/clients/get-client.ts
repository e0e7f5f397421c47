import { type ClientRow, loadAccessibleClient } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { DbOrTx } from '../db/client.ts';

/** GET /api/client/get-by-id: a client the actor may see; another tenant's id is a 404. */
export async function getClient(opts: { db: DbOrTx; actor: Actor; clientId: string }): Promise<ClientRow> {
  return loadAccessibleClient(opts.db, opts.actor, opts.clientId);
}
