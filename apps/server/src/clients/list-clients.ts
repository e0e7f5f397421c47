import type { clientRoutes as r } from '@hh/contract/clients';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { accessibleClients } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { clients } from '../db/schema/core.ts';
import { serializeClient } from './serialize-client.ts';

/** GET /api/client: the clients the actor may see, filtered by createdBy, search, status and product. */
export const listClients: Operation<typeof r.list, 'db'> = async (deps, query) => {
  const { db } = deps;
  const { actor } = query;
  const where: Array<SQL | undefined> = [accessibleClients(actor)];
  if (query.createdBy) where.push(eq(clients.createdBy, query.createdBy));
  if (query.status) where.push(eq(clients.status, query.status));
  if (query.product) where.push(sql`(${clients.subscriptions} ->> ${query.product})::boolean IS TRUE`);
  if (query.search?.trim()) {
    const like = `%${query.search.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    where.push(sql`(${clients.name} ILIKE ${like} OR ${clients.nameSlug} ILIKE ${like} OR ${clients.domainURL} ILIKE ${like})`);
  }
  const cond = and(...where);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(clients)
      .where(cond)
      .orderBy(asc(sql`lower(${clients.name})`), asc(clients.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(clients).where(cond),
  ]);
  return { results: rows.map(serializeClient), totalCount: n };
};
