import type { userRoutes as r } from '@hh/contract/users';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { serializeUser } from '../core/serialize-user.ts';
import { users } from '../db/schema/core.ts';
import { userAccess } from './user-access.ts';

/**
 * GET /api/user/list, /api/user/list/ (companyInfo) and /api/users/list (createdBy): the users the
 * actor may see, filtered. A client filter naming a client the actor cannot access is a 404. The
 * filter is the one the query names (companyInfo or clientId), never the portal's selected client.
 */
export const listUsers: Operation<typeof r.list, 'db'> = async (deps, query) => {
  const { db } = deps;
  const { actor } = query;
  const where: Array<SQL | undefined> = [userAccess(db, actor)];
  const clientId = query.companyInfo ?? (query.clientIdSelected ? undefined : query.clientId);
  if (clientId) {
    await requireClient(deps, actor, clientId, 'member', 'users');
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
  return { results: rows.map(serializeUser), totalCount: n };
};
