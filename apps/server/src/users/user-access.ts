import { eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { accessibleClients } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { DbOrTx } from '../db/client.ts';
import { clients, users } from '../db/schema/core.ts';

/**
 * The one user-access rule: "users this actor may see and act on", as a filter that every user
 * operation (read, list, update) applies (docs/permissions.md):
 *   admin     -> every user
 *   recruiter -> users of the clients they may access NOW (created or manage), and themselves
 *   staff     -> users of their own client, and themselves
 *
 * `users.createdBy` is history, not a right (rights follow who manages a client today): a recruiter who created a user
 * loses every right over them once the recruiter no longer manages that user's client, or the
 * user is moved to a client the recruiter does not manage.
 */
export function userAccess(db: DbOrTx, actor: Actor): SQL | undefined {
  if (actor.userTypeGlobal === 'admin') return undefined;
  if (actor.userTypeGlobal === 'recruiter') {
    const mine = db.select({ id: clients.id }).from(clients).where(accessibleClients(actor));
    return or(inArray(users.clientId, mine), eq(users.id, actor.id));
  }
  return actor.clientId ? or(eq(users.clientId, actor.clientId), eq(users.id, actor.id)) : or(eq(users.id, actor.id), sql`false`);
}
