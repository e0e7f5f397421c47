import { depsOf } from '../../core/deps.ts';
import { defineJob } from '../../plugins/queue.ts';
import { CLEANUP_CRON, CLEANUP_QUEUE, cleanupStaleUploads } from '../cleanup.ts';

/** Every 15 minutes: upload URLs never used expire and their half-made rows are marked failed. */
export const cleanupUploadsJob = defineJob<object>({
  queue: CLEANUP_QUEUE,
  retry: { retryLimit: 0 },
  schedule: CLEANUP_CRON,
  handler: async (app) => {
    await cleanupStaleUploads(depsOf(app));
  },
});
