import { depsOf } from '../../core/deps.ts';
import { defineJob } from '../../plugins/queue.ts';
import { RETENTION_CRON, RETENTION_QUEUE, runRetention } from '../privacy/retention.ts';

/** Daily: candidates inactive for longer than their client's retention are anonymised (decision 0012 "Privacy": personal data is not kept past the client's retention). */
export const candidateRetentionJob = defineJob<object>({
  queue: RETENTION_QUEUE,
  retry: { retryLimit: 0 },
  schedule: RETENTION_CRON,
  handler: async (app) => {
    await runRetention(depsOf(app));
  },
});
