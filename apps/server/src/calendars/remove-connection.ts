import type { calendarRoutes as r } from '@hh/contract/calendars';
import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { calendarConnections } from '../db/schema/calendars.ts';
import { CALENDAR_OWNERS } from './rights.ts';
import { loadOwnConnection } from './store.ts';

/** `DELETE /api/calendars/connections/:id`: removes the connection, its sealed secret and its busy times (cascade). */
export const removeConnection: Operation<typeof r.remove, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CALENDAR_OWNERS, 'calendars');
  return deps.db.transaction(async (tx) => {
    const row = await loadOwnConnection(tx, client.id, input.actor.id, input.id);
    await tx.delete(calendarConnections).where(and(eq(calendarConnections.clientId, client.id), eq(calendarConnections.id, row.id)));
    await logActivity(tx, { actor: input.actor, clientId: client.id, action: 'delete', entity: 'calendar', entityId: row.id, changes: { name: row.name } });
    return { message: messages.calendars.removed };
  });
};
