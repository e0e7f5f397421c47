import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { accessibleClientIds, isAdmin } from '../auth/access.ts';
import type { DbOrTx } from '../db/client.ts';
import { waveProfiles } from '../db/schema/wave.ts';

/**
 * "Profiles this user may see" as a filter (CONVENTIONS §4): admins every profile; recruiters the
 * profiles of clients they can access; the client's Wave admins/editors every profile of their
 * client; other staff their own profile and their colleagues' approved (public) ones.
 */
export async function visibleProfiles(db: DbOrTx, actor: Actor): Promise<SQL | undefined> {
  if (isAdmin(actor)) return undefined;
  if (actor.userTypeGlobal === 'recruiter') {
    const ids = (await accessibleClientIds(db, actor)) ?? [];
    return ids.length ? inArray(waveProfiles.clientId, ids) : sql`false`;
  }
  if (!actor.clientId) return or(eq(waveProfiles.createdBy, actor.id));
  if (actor.products.wave === 'admin' || actor.products.wave === 'editor') return eq(waveProfiles.clientId, actor.clientId);
  return and(
    eq(waveProfiles.clientId, actor.clientId),
    or(eq(waveProfiles.createdBy, actor.id), eq(waveProfiles.status, 'Approved'), sql`lower(${waveProfiles.ownerEmail}) = lower(${actor.email})`),
  );
}
