import { depsOf } from '../../../core/deps.ts';
import { defineJob } from '../../../plugins/queue.ts';
import { requeueStrandedSms, SMS_SWEEP_QUEUE } from '../requeue-stranded-sms.ts';

/** Every 5 minutes: SMS messages written 'queued' whose send job was never enqueued (the process stopped in between) get one. */
export const sweepSmsJob = defineJob<object>({
  queue: SMS_SWEEP_QUEUE,
  retry: { retryLimit: 0 },
  schedule: '*/5 * * * *',
  handler: async (app) => {
    await requeueStrandedSms(depsOf(app));
  },
});
