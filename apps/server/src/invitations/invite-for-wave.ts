import { and, eq, sql } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';
import type { ClientRow } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import { users } from '../db/schema/core.ts';
import { type InvitationRow, userInvitations } from '../db/schema/team.ts';
import { nameOf, sendInvitationMail } from './send-invitation-mail.ts';
import { newInvitationToken } from './token.ts';

/**
 * Wave invitations use the team flow (one way in for every invitee): an employee assigned a profile who has no account
 * gets an invitation like any other (accept, set a password or use SSO, land on /create-wave-profile).
 * The caller (wave's Assign profiles) has already checked the right to manage the client's wave.
 */
export async function inviteForWave(
  deps: Pick<Deps, 'db' | 'mail' | 'config'>,
  opts: { actor: Actor; client: ClientRow; email: string; firstName?: string; lastName?: string },
) {
  const { actor, client } = opts;
  const email = opts.email.toLowerCase();
  const expiresAt = new Date(Date.now() + deps.config.INVITATION_TTL_DAYS * 86400_000);
  const { row, token } = await deps.db.transaction(async (tx) => {
    const [pending] = await tx
      .select()
      .from(userInvitations)
      .where(and(eq(userInvitations.clientId, client.id), sql`lower(${userInvitations.email}) = ${email}`, eq(userInvitations.status, 'Pending')))
      .limit(1);
    const id = pending?.id ?? crypto.randomUUID();
    const t = newInvitationToken(client.id, id);
    let saved: InvitationRow;
    if (pending) {
      [saved] = await tx
        .update(userInvitations)
        .set({ purpose: 'wave', tokenHash: t.hash, expiresAt, lastSentAt: new Date(), sentCount: sql`${userInvitations.sentCount} + 1`, updatedAt: new Date() })
        .where(and(eq(userInvitations.clientId, client.id), eq(userInvitations.id, id)))
        .returning();
    } else {
      [saved] = await tx
        .insert(userInvitations)
        .values({
          clientId: client.id,
          id,
          email,
          firstName: opts.firstName ?? '',
          lastName: opts.lastName ?? '',
          purpose: 'wave',
          userTypeWave: 'member',
          tokenHash: t.hash,
          expiresAt,
          invitedBy: actor.id,
        })
        .returning();
    }
    return { row: saved, token: t.token };
  });
  const [inviter] = await deps.db.select().from(users).where(eq(users.id, actor.id)).limit(1);
  await sendInvitationMail(deps, { client, actor, row, token, inviterName: inviter ? nameOf(inviter) : actor.email });
  return row;
}
