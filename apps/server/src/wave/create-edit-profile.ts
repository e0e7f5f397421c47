import { messages } from '@hh/contract/messages';
import type { waveRoutes as w } from '@hh/contract/wave';
import { and, eq, sql } from 'drizzle-orm';
import { logActivity } from '../core/activity-log.ts';
import { inviteForWave } from '../invitations/index.ts';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
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
export const createEditProfile: Operation<typeof w.createEditProfile, 'db' | 'mail' | 'config'> = async (deps, input) => {
  const { actor } = input;
  const client = await requireClient(deps, actor, input.companyId, 'member', waveProfileKey);
  if (!(await canManageWave(deps, { actor, clientId: client.id }))) throw forbidden(waveProfileKey, messages.wave.notReviewer);
  const email = input.email.toLowerCase();
  let hasAccount = false;
  const row = await deps.db
    .transaction(async (tx) => {
      // Only a user of this client owns the profile at once: looking across every client would tell a
      // staff user whether an email has an account elsewhere (an account probe across tenants).
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
      const fields = await resolveProfileFields(tx, client.id, input);
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
  // An employee without an account gets an invitation (accept, set a password, land on /create-wave-profile).
  if (!hasAccount) {
    await inviteForWave(deps, { actor, client, email, firstName: row.firstName ?? undefined, lastName: row.lastName ?? undefined });
    return toWaveProfile(row);
  }
  const data = { firstName: row.firstName, companyName: client.name, email, link: `${deps.config.publicUrl}/create-wave-profile` };
  const branding = await loadBranding(deps, { clientId: client.id });
  await deps.mail.send({ to: email, clientId: client.id, ...(await renderMail('waveInvitation', data, branding)) });
  return toWaveProfile(row);
};
