import { depsOf } from '../../core/deps.ts';
import { defineJob } from '../../plugins/queue.ts';
import { CALENDAR_COPY_QUEUE, type CalendarCopyJob, runCalendarCopy } from '../calendar-copies.ts';

/**
 * Writes (or deletes) a booked interview in one interviewer's CalDAV calendar. A calendar that is
 * down is not a job failure: the job plans its own next attempt with growing pauses (calendar-copies.ts)
 * and queues it for then; the queue's retries cover only a job that threw (the database away).
 */
export const calendarCopyJob = defineJob<CalendarCopyJob>({
  queue: CALENDAR_COPY_QUEUE,
  retry: { retryLimit: 3, retryDelay: 30 },
  handler: async (app, d) => {
    await runCalendarCopy(depsOf(app), d);
  },
});
