import { messages } from '@hh/contract/messages';
import type { invitationRoutes as r } from '@hh/contract/invitations';
import { and, eq, sql } from 'drizzle-orm';
import { requireClient, requireRight } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { INVITATION_MANAGERS } from './rights.ts';
import { logActivity } from '../core/activity-log.ts';
import { users } from '../db/schema/core.ts';
import { userInvitations } from '../db/schema/team.ts';
import { conflict } from '../lib/app-error.ts';
import { productTypesOf } from './create-invitations.ts';
import { invitationOf } from './get-invitation.ts';
import { serializeInvitation } from './serialize.ts';
import { nameOf, sendInvitationMail } from './send-invitation-mail.ts';
import { newInvitationToken } from './token.ts';

/**
 * PATCH /api/user-invitation/update: changes the role data or name of an open invitation, and with
 * `resend` sends it again with a fresh link and expiry (an expired one comes back to life this way;
 * the previous link stops working). An accepted or revoked invitation cannot be changed.
 */
export const updateInvitation: Operation<typeof r.update, 'db' | 'mail' | 'config'> = async (deps, input) => {
  const { actor } = input;
  requireRight(input.actor, INVITATION_MANAGERS, 'auth');
  const client = await requireClient(deps, input.actor, input.clientId, INVITATION_MANAGERS, 'invitations');
  let token: string | null = null;
  const row = await deps.db.transaction(async (tx) => {
    const before = await invitationOf(tx, client.id, input._id);
    if (before.status !== 'Pending') throw conflict('invitations', messages.recruiting.invitationSendError);
    const changes: Record<string, unknown> = { ...productTypesOf(input) };
    if (input.firstName !== undefined) changes.firstName = input.firstName;
    if (input.lastName !== undefined) changes.lastName = input.lastName;
    if (input.resend) changes.resent = true;
    const set: Partial<typeof userInvitations.$inferInsert> = { ...changes, updatedAt: new Date() };
    delete (set as Record<string, unknown>).resent;
    if (input.resend) {
      const t = newInvitationToken(client.id, before.id);
      token = t.token;
      Object.assign(set, {
        tokenHash: t.hash,
        expiresAt: new Date(Date.now() + deps.config.INVITATION_TTL_DAYS * 86400_000),
        lastSentAt: new Date(),
        sentCount: sql`${userInvitations.sentCount} + 1`,
        invitedBy: actor.id,
      });
    }
    const [updated] = await tx
      .update(userInvitations)
      .set(set)
      .where(and(eq(userInvitations.clientId, client.id), eq(userInvitations.id, before.id)))
      .returning();
    await logActivity(tx, { actor, clientId: client.id, action: input.resend ? 'resend' : 'update', entity: 'invitation', entityId: before.id, changes });
    return updated;
  });
  if (token) {
    const [inviter] = await deps.db.select().from(users).where(eq(users.id, actor.id)).limit(1);
    await sendInvitationMail(deps, { client, actor, row, token, inviterName: inviter ? nameOf(inviter) : actor.email });
  }
  return { message: messages.recruiting.invitationsUpdated, invitation: serializeInvitation(row) };
};
