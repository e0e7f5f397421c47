import type { Deps } from '../core/deps.ts';
import { and, eq } from 'drizzle-orm';
import { logActivity } from '../core/activity-log.ts';
import type { Actor } from '../auth/actor.ts';
import { type InvitationRow, userInvitations } from '../db/schema/team.ts';
import { invitationOf } from './get-invitation.ts';
import { loadManagedClient } from './rights.ts';

/** DELETE /api/user-invitation/delete: revokes the invitation; its link stops working. History is kept. */
export async function revokeInvitation(deps: Pick<Deps, 'db'>, actor: Actor, clientId: string, invitationId: string): Promise<InvitationRow> {
  const client = await loadManagedClient(deps.db, actor, clientId);
  return deps.db.transaction(async (tx) => {
    const row = await invitationOf(tx, client.id, invitationId);
    if (row.status !== 'Pending') return row;
    const [revoked] = await tx
      .update(userInvitations)
      .set({ status: 'Revoked', revokedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(userInvitations.clientId, client.id), eq(userInvitations.id, row.id)))
      .returning();
    await logActivity(tx, { actor, clientId: client.id, action: 'revoke', entity: 'invitation', entityId: row.id, changes: { email: row.email } });
    return revoked;
  });
}
