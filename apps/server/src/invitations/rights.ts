import { messages } from '@hh/contract/messages';
import { type ClientRow, isStaffManager, loadAccessibleClient } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { DbOrTx } from '../db/client.ts';
import { forbidden } from '../lib/app-error.ts';

/**
 * The client whose users the actor may manage (docs/permissions.md "Create users"): global admins
 * and recruiters on the clients they access now. Client staff get a 403 under `auth`, which the
 * portal answers by logging out (recruiting spec §6); another tenant's client is a 404.
 */
export async function loadManagedClient(db: DbOrTx, actor: Actor, clientId: string): Promise<ClientRow> {
  if (!isStaffManager(actor)) throw forbidden('auth', messages.server.forbidden);
  return loadAccessibleClient(db, actor, clientId, 'invitations');
}
