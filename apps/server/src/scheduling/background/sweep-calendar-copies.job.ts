import { depsOf } from '../../core/deps.ts';
import { defineJob } from '../../plugins/queue.ts';
import { CALENDAR_COPY_SWEEP_QUEUE, requeueStrandedCalendarCopies } from '../sweep-calendar-copies.ts';

/** Every 5 minutes: calendar copies whose write job was lost (a crash between the booking's commit and the queue) get one. */
export const sweepCalendarCopiesJob = defineJob<object>({
  queue: CALENDAR_COPY_SWEEP_QUEUE,
  retry: { retryLimit: 0 },
  schedule: '*/5 * * * *',
  handler: async (app) => {
    await requeueStrandedCalendarCopies(depsOf(app), {});
  },
});
