import { messages } from '@hh/contract/messages';
import type { invitationRoutes as r } from '@hh/contract/invitations';
import { and, eq } from 'drizzle-orm';
import { requireClient, requireRight } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { INVITATION_MANAGERS } from './rights.ts';
import { logActivity } from '../core/activity-log.ts';
import { userInvitations } from '../db/schema/team.ts';
import { invitationOf } from './get-invitation.ts';
import { serializeInvitation } from './serialize.ts';

/** DELETE /api/user-invitation/delete: revokes the invitation; its link stops working. History is kept. */
export const revokeInvitation: Operation<typeof r.delete, 'db'> = async (deps, input) => {
  const { actor } = input;
  requireRight(input.actor, INVITATION_MANAGERS, 'auth');
  const client = await requireClient(deps, input.actor, input.clientId, INVITATION_MANAGERS, 'invitations');
  const row = await deps.db.transaction(async (tx) => {
    const row = await invitationOf(tx, client.id, input._id);
    if (row.status !== 'Pending') return row;
    const [revoked] = await tx
      .update(userInvitations)
      .set({ status: 'Revoked', revokedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(userInvitations.clientId, client.id), eq(userInvitations.id, row.id)))
      .returning();
    await logActivity(tx, { actor, clientId: client.id, action: 'revoke', entity: 'invitation', entityId: row.id, changes: { email: row.email } });
    return revoked;
  });
  return { message: messages.recruiting.invitationsUpdated, invitation: serializeInvitation(row) };
};
