import type { invitationRoutes as r } from '@hh/contract/invitations';
import { and, desc, eq, gt, lte, type SQL, sql } from 'drizzle-orm';
import { requireClient, requireRight } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { INVITATION_MANAGERS } from './rights.ts';
import type { DbOrTx } from '../db/client.ts';
import { type InvitationRow, userInvitations } from '../db/schema/team.ts';
import { listed } from './serialize.ts';

/** A status the list filters by: a stored one, or 'Expired' (pending past its expiry). */
type Status = InvitationRow['status'] | 'Expired';

/** GET /api/user-invitation: the client's invitations, newest first, by status and address. */
export const listInvitations: Operation<typeof r.list, 'db'> = async (deps, input) => {
  requireRight(input.actor, INVITATION_MANAGERS, 'auth');
  const client = await requireClient(deps, input.actor, input.clientId, INVITATION_MANAGERS, 'invitations');
  return listed(await invitationsOf(deps.db, client.id, input));
};

/** A client's invitations (already checked), newest first, by status and address; the /team screen reads them too. */
export async function invitationsOf(db: DbOrTx, clientId: string, query: { status?: Status; search?: string }): Promise<InvitationRow[]> {
  const where: Array<SQL | undefined> = [eq(userInvitations.clientId, clientId)];
  const now = new Date();
  if (query.status === 'Expired') where.push(eq(userInvitations.status, 'Pending'), lte(userInvitations.expiresAt, now));
  else if (query.status === 'Pending') where.push(eq(userInvitations.status, 'Pending'), gt(userInvitations.expiresAt, now));
  else if (query.status) where.push(eq(userInvitations.status, query.status));
  if (query.search) {
    const like = `%${query.search.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(lower(${userInvitations.email}) LIKE ${like} OR lower(${userInvitations.firstName} || ' ' || ${userInvitations.lastName}) LIKE ${like})`);
  }
  return db
    .select()
    .from(userInvitations)
    .where(and(...where))
    .orderBy(desc(userInvitations.createdAt))
    .limit(1000);
}
