import { messages } from '@hh/contract/messages';
import type { waveRoutes as w, WaveProfile, WaveStatus } from '@hh/contract/wave';
import { and, desc, eq } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { Deps } from '../core/deps.ts';
import type { Operation } from '../core/operation.ts';
import { waveProfiles } from '../db/schema/wave.ts';
import { forbidden, notFound } from '../lib/app-error.ts';
import { waveProfileKey } from './resolve-fields.ts';
import { canManageWave } from './reviewers.ts';
import { toWaveProfile } from './serialize.ts';
import { visibleProfiles } from './visibility.ts';

/** Most profiles a list returns; a client's Wave team is tens to hundreds of people. */
const LIST_LIMIT = 1000;

/** Every profile list of §7 is this query with a different filter, always within what the actor may see. */
export async function listWaveProfiles(
  deps: Pick<Deps, 'db'>,
  opts: {
    actor: Actor;
    filter: { clientId?: string; status?: WaveStatus; departmentId?: string; createdBy?: string; invitedBy?: string; id?: string };
  },
): Promise<{ results: WaveProfile[]; totalCount: number }> {
  const f = opts.filter;
  const rows = await deps.db
    .select()
    .from(waveProfiles)
    .where(
      and(
        await visibleProfiles(deps.db, opts.actor),
        f.clientId ? eq(waveProfiles.clientId, f.clientId) : undefined,
        f.status ? eq(waveProfiles.status, f.status) : undefined,
        f.departmentId ? eq(waveProfiles.departmentId, f.departmentId) : undefined,
        f.createdBy ? eq(waveProfiles.createdBy, f.createdBy) : undefined,
        f.invitedBy ? eq(waveProfiles.invitedBy, f.invitedBy) : undefined,
        f.id ? eq(waveProfiles.id, f.id) : undefined,
      ),
    )
    .orderBy(desc(waveProfiles.updatedAt))
    .limit(LIST_LIMIT);
  return { results: rows.map(toWaveProfile), totalCount: rows.length };
}

/** With createdBy: that user's profile (the portal uses the first entry). Without: all the caller may see. */
export const listProfiles: Operation<typeof w.list, 'db'> = async (deps, input) =>
  listWaveProfiles(deps, { actor: input.actor, filter: { createdBy: input.createdBy, status: input.status } });

export const listProfilesByInviter: Operation<typeof w.byInvitedBy, 'db'> = async (deps, input) =>
  listWaveProfiles(deps, { actor: input.actor, filter: { invitedBy: input.invitedBy } });

export const listProfilesByDepartment: Operation<typeof w.byDepartment, 'db'> = async (deps, input) =>
  listWaveProfiles(deps, { actor: input.actor, filter: { departmentId: input.departmentId } });

/** A client's profiles (404 for a client the actor may not see), by status and department when asked. */
export const listProfilesByClient: Operation<typeof w.byClient, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, 'member', waveProfileKey);
  return listWaveProfiles(deps, { actor: input.actor, filter: { clientId: client.id, status: input.status, departmentId: input.departmentId } });
};

/** The profiles a manager assigns and reviews (the /wave/assign-profiles screen): Wave managers of the client only. */
export const listEditProfiles: Operation<typeof w.editProfiles, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.companyId, 'member', waveProfileKey);
  if (!(await canManageWave(deps, { actor: input.actor, clientId: client.id }))) throw forbidden(waveProfileKey, messages.wave.notReviewer);
  return listWaveProfiles(deps, { actor: input.actor, filter: { clientId: client.id } });
};

export const getWaveProfile: Operation<typeof w.getById, 'db'> = async (deps, input) => {
  const found = await listWaveProfiles(deps, { actor: input.actor, filter: { id: input.profileId } });
  if (!found.results[0]) throw notFound(waveProfileKey, messages.wave.notFound);
  return found.results[0];
};
