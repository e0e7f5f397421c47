import { depsOf } from '../../core/deps.ts';
import { defineJob } from '../../plugins/queue.ts';
import { ALERT_DIGEST_QUEUE, runAlerts } from '../alerts/index.ts';

/** Saved-search alerts: every 5 minutes, a digest to each recruiter whose alert has new matching candidates. */
export const alertDigestJob = defineJob<object>({
  queue: ALERT_DIGEST_QUEUE,
  schedule: '*/5 * * * *',
  retry: { retryLimit: 1, retryDelay: 60 },
  handler: async (app) => {
    await runAlerts(depsOf(app));
  },
});
