import type { userListQuery } from '@hh/contract/users';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { loadAccessibleClient } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/core.ts';
import type { UserRow } from '../core/serialize-user.ts';
import { userAccess } from './user-access.ts';

/**
 * GET /api/user/list, /api/user/list/ (companyInfo) and /api/users/list (createdBy): the users the
 * actor may see, filtered. A client filter naming a client the actor cannot access is a 404.
 */
export async function listUsers(opts: { db: DbOrTx; actor: Actor; query: z.infer<typeof userListQuery> }): Promise<{ rows: UserRow[]; totalCount: number }> {
  const { db, actor, query } = opts;
  const where: Array<SQL | undefined> = [userAccess(db, actor)];
  const clientId = query.companyInfo ?? query.clientId;
  if (clientId) {
    await loadAccessibleClient(db, actor, clientId, 'users');
    where.push(eq(users.clientId, clientId));
  }
  if (query.createdBy) where.push(eq(users.createdBy, query.createdBy));
  if (query.status) where.push(eq(users.status, query.status));
  if (query.userTypeGlobal) where.push(eq(users.userTypeGlobal, query.userTypeGlobal));
  if (query.search?.trim()) {
    const like = `%${query.search.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    where.push(
      sql`(${users.email} ILIKE ${like} OR ${users.firstName} ILIKE ${like} OR ${users.lastName} ILIKE ${like} OR (${users.firstName} || ' ' || ${users.lastName}) ILIKE ${like})`,
    );
  }
  const cond = and(...where);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(cond)
      .orderBy(asc(sql`lower(${users.email})`))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(cond),
  ]);
  return { rows, totalCount: n };
}
