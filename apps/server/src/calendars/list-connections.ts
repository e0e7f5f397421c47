import type { calendarRoutes as r } from '@hh/contract/calendars';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { calendarBusy, calendarConnections } from '../db/schema/calendars.ts';
import { CALENDAR_OWNERS } from './rights.ts';
import { serializeConnection } from './store.ts';

/** `GET /api/calendars/connections`: the caller's own calendar connections in this client, with their health. */
export const listConnections: Operation<typeof r.listConnections, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CALENDAR_OWNERS, 'calendars');
  const rows = await deps.db
    .select()
    .from(calendarConnections)
    .where(and(eq(calendarConnections.clientId, client.id), eq(calendarConnections.userId, input.actor.id)))
    .orderBy(asc(calendarConnections.createdAt));
  // The busy counts in a second query on the same client: a correlated subquery is not one Citus can
  // route to the client's shard.
  const counts = rows.length
    ? await deps.db
        .select({ id: calendarBusy.connectionId, n: sql<number>`count(*)::int` })
        .from(calendarBusy)
        .where(
          and(
            eq(calendarBusy.clientId, client.id),
            inArray(
              calendarBusy.connectionId,
              rows.map((c) => c.id),
            ),
          ),
        )
        .groupBy(calendarBusy.connectionId)
    : [];
  const countOf = new Map(counts.map((x) => [x.id, x.n]));
  const results = rows.map((c) => serializeConnection(c, countOf.get(c.id) ?? 0));
  return { results, totalCount: results.length };
};
