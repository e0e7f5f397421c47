import type { WaveProfile, WaveStatus } from '@hh/contract/wave';
import { and, desc, eq } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';
import type { Actor } from '../auth/actor.ts';
import { waveProfiles } from '../db/schema/wave.ts';
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
