import { and, eq } from 'drizzle-orm';
import { depsOf } from '../../core/deps.ts';
import { calendarConnections } from '../../db/schema/calendars.ts';
import { defineJob } from '../../plugins/queue.ts';
import { syncConnection } from '../sync.ts';

export const SYNC_CONNECTION_QUEUE = 'calendars-sync-connection';

/** Reads one connection's calendar; a failure is recorded as its health (no retry: the next schedule tries again). */
export const syncConnectionJob = defineJob<{ clientId: string; connectionId: string }>({
  queue: SYNC_CONNECTION_QUEUE,
  retry: { retryLimit: 0 },
  handler: async (app, d) => {
    const [row] = await app.db
      .select()
      .from(calendarConnections)
      .where(and(eq(calendarConnections.clientId, d.clientId), eq(calendarConnections.id, d.connectionId)));
    if (row) await syncConnection(depsOf(app), row);
  },
});
