import type { z } from 'zod';
import type { invitationListQuery } from '@hh/contract/team';
import { and, desc, eq, gt, lte, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/client.ts';
import { type InvitationRow, userInvitations } from '../db/schema/team.ts';
import { loadManagedClient } from './rights.ts';

/** GET /api/user-invitation: the client's invitations, newest first, by status and address. */
export async function listInvitations(db: Db, actor: Actor, query: z.infer<typeof invitationListQuery>): Promise<InvitationRow[]> {
  const client = await loadManagedClient(db, actor, query.clientId);
  const where: Array<SQL | undefined> = [eq(userInvitations.clientId, client.id)];
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
