import { eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { accessibleClients } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { DbOrTx } from '../db/client.ts';
import { clients, users } from '../db/schema/core.ts';

/**
 * "Users this actor may see" as a filter (docs/permissions.md):
 *   admin     -> every user
 *   recruiter -> users of the clients they may access, users they created, themselves
 *   staff     -> users of their own client, themselves
 */
export function visibleUsers(db: DbOrTx, actor: Actor): SQL | undefined {
  if (actor.userTypeGlobal === 'admin') return undefined;
  if (actor.userTypeGlobal === 'recruiter') {
    const mine = db.select({ id: clients.id }).from(clients).where(accessibleClients(actor));
    return or(inArray(users.clientId, mine), eq(users.createdBy, actor.id), eq(users.id, actor.id));
  }
  return actor.clientId ? or(eq(users.clientId, actor.clientId), eq(users.id, actor.id)) : or(eq(users.id, actor.id), sql`false`);
}
