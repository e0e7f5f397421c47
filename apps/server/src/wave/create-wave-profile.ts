import { messages } from '@hh/contract/messages';
import type { waveRoutes as w } from '@hh/contract/wave';
import { and, eq, or, sql } from 'drizzle-orm';
import { logActivity } from '../core/activity-log.ts';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { waveProfiles } from '../db/schema/wave.ts';
import { badRequest, conflict } from '../lib/app-error.ts';
import { resolveProfileFields, waveProfileKey } from './resolve-fields.ts';
import { toWaveProfile } from './serialize.ts';
import { isUniqueViolation } from './unique-violation.ts';

/**
 * The employee's own profile (POST /api/profiles/wave/create). One per user per client: a second
 * gets 409 "You already have a Wave profile!" (§8). A profile a manager assigned to this email
 * and nobody has claimed yet becomes theirs. Every profile starts "In Progress" (§4).
 */
export const createWaveProfile: Operation<typeof w.create, 'db'> = async (deps, input) => {
  const { actor } = input;
  // The client the body names, else the user's own (the portal's selected client is not used here).
  const clientId = (input.clientIdSelected ? undefined : input.clientId) ?? actor.clientId;
  if (!clientId) throw badRequest('clientId', messages.wave.noClient);
  await requireClient(deps, actor, clientId, 'member', waveProfileKey);
  return deps.db
    .transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(waveProfiles)
        .where(
          and(eq(waveProfiles.clientId, clientId), or(eq(waveProfiles.createdBy, actor.id), sql`lower(${waveProfiles.ownerEmail}) = lower(${actor.email})`)),
        )
        .for('update')
        .limit(1);
      if (existing?.createdBy) throw conflict(waveProfileKey, messages.wave.alreadyExists);
      const fields = await resolveProfileFields(tx, clientId, input);
      let row: typeof waveProfiles.$inferSelect;
      if (existing) {
        [row] = await tx
          .update(waveProfiles)
          .set({ ...fields, createdBy: actor.id, updatedAt: new Date() })
          .where(and(eq(waveProfiles.clientId, clientId), eq(waveProfiles.id, existing.id)))
          .returning();
      } else {
        [row] = await tx
          .insert(waveProfiles)
          .values({ ...fields, clientId, createdBy: actor.id, ownerEmail: actor.email, status: 'In Progress' })
          .returning();
      }
      await logActivity(tx, { actor, clientId, action: 'create', entity: 'waveProfile', entityId: row.id });
      return toWaveProfile(row);
    })
    .catch((err) => {
      // Two saves racing: the unique index decides, with the same 409.
      if (isUniqueViolation(err)) throw conflict(waveProfileKey, messages.wave.alreadyExists);
      throw err;
    });
};
