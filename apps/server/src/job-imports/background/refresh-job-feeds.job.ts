import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { depsOf } from '../../core/deps.ts';
import { clients } from '../../db/schema/core.ts';
import { defineJob } from '../../plugins/queue.ts';
import { queueImport } from '../queue-import.ts';

/** Hourly: every active client with a jobsFeedUrl gets a feed import. (Product-wide scan over clients, not a tenant table.) */
export const refreshJobFeedsJob = defineJob<object>({
  queue: 'jobs-feed-refresh',
  retry: { retryLimit: 0 },
  schedule: '17 * * * *',
  handler: async (app) => {
    const due = await app.db
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.status, 'Active'), isNotNull(clients.jobsFeedUrl), ne(clients.jobsFeedUrl, '')));
    for (const c of due) await queueImport(depsOf(app), { clientId: c.id, source: 'feed' });
  },
});
