import type { calendarRoutes as r } from '@hh/contract/calendars';
import { and, asc, eq, sql } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { calendarConnections } from '../db/schema/calendars.ts';
import { CALENDAR_OWNERS } from './rights.ts';
import { serializeConnection } from './store.ts';

/** `GET /api/calendars/connections`: the caller's own calendar connections in this client, with their health. */
export const listConnections: Operation<typeof r.listConnections, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CALENDAR_OWNERS, 'calendars');
  const rows = await deps.db
    .select({
      c: calendarConnections,
      n: sql<number>`(SELECT count(*)::int FROM calendar_busy b WHERE b.client_id = ${calendarConnections.clientId} AND b.connection_id = ${calendarConnections.id})`,
    })
    .from(calendarConnections)
    .where(and(eq(calendarConnections.clientId, client.id), eq(calendarConnections.userId, input.actor.id)))
    .orderBy(asc(calendarConnections.createdAt));
  const results = rows.map((x) => serializeConnection(x.c, x.n));
  return { results, totalCount: results.length };
};
