import type { activityRoutes as r } from '@hh/contract/activity';
import { and, desc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { accessibleClients, requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { activityLogs, clients, NIL_UUID } from '../db/schema/core.ts';
import { describeActivity } from './describe-activity.ts';
import { serializeActivityLog } from './serialize-activity-log.ts';

/**
 * GET /api/activity-logs. Admins read every log; everyone else reads the logs of the clients they
 * may access, plus their own platform-level entries (client_id = nil uuid). Newest first. The
 * clientId is a filter the query names (the portal's selected client does not narrow the list).
 */
export const listActivityLogs: Operation<typeof r.list, 'db'> = async (deps, input) => {
  const { db } = deps;
  const { actor } = input;
  const clientId = input.clientIdSelected ? undefined : input.clientId;
  const where: Array<SQL | undefined> = [];
  if (actor.userTypeGlobal !== 'admin') {
    const mine = db.select({ id: clients.id }).from(clients).where(accessibleClients(actor));
    where.push(or(inArray(activityLogs.clientId, mine), and(eq(activityLogs.clientId, NIL_UUID), eq(activityLogs.actorId, actor.id))));
  }
  if (clientId) {
    await requireClient(deps, actor, clientId, 'member', 'logs');
    where.push(eq(activityLogs.clientId, clientId));
  }
  if (input.entity) where.push(eq(activityLogs.entity, input.entity));
  if (input.action) where.push(eq(activityLogs.action, input.action));
  if (input.actorId) where.push(eq(activityLogs.actorId, input.actorId));
  if (input.from) where.push(gte(activityLogs.createdAt, new Date(input.from)));
  if (input.to) where.push(lte(activityLogs.createdAt, new Date(input.to)));
  const cond = and(...where);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(activityLogs)
      .where(cond)
      .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(activityLogs).where(cond),
  ]);
  const summaries = await describeActivity(db, rows);
  return { results: rows.map((row) => ({ ...serializeActivityLog(row), summary: summaries.get(row.id) })), totalCount: n };
};
