import { BUSY_HORIZON_DAYS, type calendarRoutes as r } from '@hh/contract/calendars';
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { calendarBusy, calendarConnections } from '../db/schema/calendars.ts';
import { CALENDAR_OWNERS } from './rights.ts';
import { loadWorkingHours } from './store.ts';

const DAY = 86_400_000;

/** `GET /api/calendars/busy`: the caller's busy times between `from` (now) and `to` (the 60-day horizon), with their time zone. */
export const listBusy: Operation<typeof r.busy, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CALENDAR_OWNERS, 'calendars');
  const from = input.from ? new Date(input.from) : new Date();
  const to = input.to ? new Date(input.to) : new Date(from.getTime() + BUSY_HORIZON_DAYS * DAY);
  const until = new Date(Math.min(to.getTime(), from.getTime() + (BUSY_HORIZON_DAYS + 2) * DAY));
  const rows = await deps.db
    .select({ start: calendarBusy.startsAt, end: calendarBusy.endsAt, connectionId: calendarBusy.connectionId, calendarName: calendarConnections.name })
    .from(calendarBusy)
    .innerJoin(calendarConnections, and(eq(calendarConnections.clientId, calendarBusy.clientId), eq(calendarConnections.id, calendarBusy.connectionId)))
    .where(and(eq(calendarBusy.clientId, client.id), eq(calendarBusy.userId, input.actor.id), gt(calendarBusy.endsAt, from), lt(calendarBusy.startsAt, until)))
    .orderBy(asc(calendarBusy.startsAt))
    .limit(2000);
  const { timeZone } = await loadWorkingHours(deps.db, client.id, input.actor.id);
  return {
    timeZone,
    results: rows.map((x) => ({ start: x.start.toISOString(), end: x.end.toISOString(), connectionId: x.connectionId, calendarName: x.calendarName })),
  };
};
