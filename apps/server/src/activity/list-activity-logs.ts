import type { activityLogQuery } from '@hh/contract/users';
import { and, desc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { accessibleClients, loadAccessibleClient } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { DbOrTx } from '../db/client.ts';
import { activityLogs, clients, NIL_UUID } from '../db/schema/core.ts';

export type ActivityLogRow = typeof activityLogs.$inferSelect;

/**
 * GET /api/activity-logs. Admins read every log; everyone else reads the logs of the clients they
 * may access, plus their own platform-level entries (client_id = nil uuid). Newest first.
 */
export async function listActivityLogs(opts: { db: DbOrTx; actor: Actor; query: z.infer<typeof activityLogQuery> }) {
  const { db, actor, query } = opts;
  const where: Array<SQL | undefined> = [];
  if (actor.userTypeGlobal !== 'admin') {
    const mine = db.select({ id: clients.id }).from(clients).where(accessibleClients(actor));
    where.push(or(inArray(activityLogs.clientId, mine), and(eq(activityLogs.clientId, NIL_UUID), eq(activityLogs.actorId, actor.id))));
  }
  if (query.clientId) {
    await loadAccessibleClient(db, actor, query.clientId, 'logs');
    where.push(eq(activityLogs.clientId, query.clientId));
  }
  if (query.entity) where.push(eq(activityLogs.entity, query.entity));
  if (query.action) where.push(eq(activityLogs.action, query.action));
  if (query.actorId) where.push(eq(activityLogs.actorId, query.actorId));
  if (query.from) where.push(gte(activityLogs.createdAt, new Date(query.from)));
  if (query.to) where.push(lte(activityLogs.createdAt, new Date(query.to)));
  const cond = and(...where);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(activityLogs)
      .where(cond)
      .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(activityLogs).where(cond),
  ]);
  return { rows, totalCount: n };
}

export function serializeActivityLog(r: ActivityLogRow) {
  return {
    _id: r.id,
    clientId: r.clientId === NIL_UUID ? null : r.clientId,
    actorId: r.actorId,
    actorEmail: r.actorEmail,
    action: r.action,
    entity: r.entity,
    entityId: r.entityId,
    changes: r.changes ?? {},
    createdAt: r.createdAt.toISOString(),
  };
}
