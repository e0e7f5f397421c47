import type { calendarRoutes as r } from '@hh/contract/calendars';
import { messages } from '@hh/contract/messages';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { CALENDAR_OWNERS } from './rights.ts';
import { busyCount, loadOwnConnection, serializeConnection } from './store.ts';
import { syncConnection } from './sync.ts';

/** `POST /api/calendars/connections/:id/sync` ("Sync now"): reads the calendar again; a failure is recorded as its health and answered as a 400 in words. */
export const syncNow: Operation<typeof r.sync, 'db' | 'config' | 'log'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CALENDAR_OWNERS, 'calendars');
  const row = await loadOwnConnection(deps.db, client.id, input.actor.id, input.id);
  const result = await syncConnection(deps, row);
  if (!result.ok) throw result.error;
  return { ...serializeConnection(result.row, await busyCount(deps.db, client.id, row.id)), message: messages.calendars.synced(result.count) };
};
