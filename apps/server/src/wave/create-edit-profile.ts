import { messages } from '@hh/contract/messages';
import type { CreateEditProfileRequest, WaveProfile } from '@hh/contract/wave';
import { and, eq, sql } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';
import { logActivity } from '../core/activity-log.ts';
import { inviteForWave } from '../invitations/index.ts';
import type { Actor } from '../auth/actor.ts';
import { loadAccessibleClient } from '../auth/access.ts';
import { users } from '../db/schema/core.ts';
import { waveProfiles } from '../db/schema/wave.ts';
import { conflict, forbidden } from '../lib/app-error.ts';
import { loadBranding, renderMail } from '../mail/index.ts';
import { resolveProfileFields, waveProfileKey } from './resolve-fields.ts';
import { canManageWave } from './reviewers.ts';
import { toWaveProfile } from './serialize.ts';
import { isUniqueViolation } from './unique-violation.ts';

/**
 * A manager assigns a profile to an employee by email (POST /api/create-edit-profiles/create,
 * the /wave/assign-profiles screen). The profile starts "In Progress" with invitedBy set; when
 * the email belongs to a user already, it is theirs at once. The invitee is emailed a link to
 * record it (/create-wave-profile).
 */
export async function createEditProfile(
  deps: Pick<Deps, 'db' | 'mail' | 'config'>,
  opts: { actor: Actor; body: CreateEditProfileRequest },
): Promise<WaveProfile> {
  const { actor, body } = opts;
  const client = await loadAccessibleClient(deps.db, actor, body.companyId, waveProfileKey);
  if (!(await canManageWave(deps.db, actor, client.id))) throw forbidden(waveProfileKey, messages.wave.notReviewer);
  const email = body.email.toLowerCase();
  let hasAccount = false;
  const row = await deps.db
    .transaction(async (tx) => {
      // Only a user of this client owns the profile at once: looking across every client would tell a
      // staff user whether an email has an account elsewhere (issue 9 finding 13).
      const [owner] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${email}`, eq(users.clientId, client.id)))
        .limit(1);
      hasAccount = !!owner;
      const [dup] = await tx
        .select({ id: waveProfiles.id })
        .from(waveProfiles)
        .where(and(eq(waveProfiles.clientId, client.id), sql`lower(${waveProfiles.ownerEmail}) = ${email}`))
        .limit(1);
      if (dup) throw conflict(waveProfileKey, messages.wave.alreadyAssigned);
      const fields = await resolveProfileFields(tx, client.id, body);
      const [created] = await tx
        .insert(waveProfiles)
        .values({ ...fields, clientId: client.id, ownerEmail: email, createdBy: owner?.id ?? null, invitedBy: actor.id, status: 'In Progress' })
        .returning();
      await logActivity(tx, { actor, clientId: client.id, action: 'create', entity: 'waveProfile', entityId: created.id, changes: { invited: email } });
      return created;
    })
    .catch((err) => {
      if (isUniqueViolation(err)) throw conflict(waveProfileKey, messages.wave.alreadyAssigned);
      throw err;
    });
  // Issue 14: an employee without an account gets an invitation (accept, set a password, land on /create-wave-profile).
  if (!hasAccount) {
    await inviteForWave(deps, { actor, client, email, firstName: row.firstName ?? undefined, lastName: row.lastName ?? undefined });
    return toWaveProfile(row);
  }
  const data = { firstName: row.firstName, companyName: client.name, email, link: `${deps.config.publicUrl}/create-wave-profile` };
  const branding = await loadBranding(deps.db, client.id);
  await deps.mail.send({ to: email, clientId: client.id, ...(await renderMail('waveInvitation', data, branding)) });
  return toWaveProfile(row);
}
