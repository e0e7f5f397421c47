import { isNull, lt, or } from 'drizzle-orm';
import { depsOf } from '../../core/deps.ts';
import { calendarConnections } from '../../db/schema/calendars.ts';
import { defineJob } from '../../plugins/queue.ts';
import { SYNC_CONNECTION_QUEUE } from './sync-connection.job.ts';

/** How stale a connection's busy times may get before the schedule reads it again. */
export const SYNC_EVERY_MINUTES = 15;

/**
 * Every 15 minutes: each connection not read in the last 15 minutes gets a sync job of its own (one
 * per connection at a time, so a slow server delays only its own calendar). A product-wide scan over
 * the connections, each job scoped to its client.
 */
export const syncCalendarsJob = defineJob<object>({
  queue: 'calendars-sync-due',
  retry: { retryLimit: 0 },
  schedule: '*/15 * * * *',
  handler: async (app) => {
    const stale = new Date(Date.now() - (SYNC_EVERY_MINUTES - 1) * 60_000);
    const due = await app.db
      .select({ clientId: calendarConnections.clientId, id: calendarConnections.id })
      .from(calendarConnections)
      .where(or(isNull(calendarConnections.lastAttemptAt), lt(calendarConnections.lastAttemptAt, stale)))
      .limit(10_000);
    const deps = depsOf(app);
    for (const c of due) await deps.queue.send(SYNC_CONNECTION_QUEUE, { clientId: c.clientId, connectionId: c.id }, { singletonKey: `calendar-${c.id}` });
  },
});
