import { depsOf } from '../../core/deps.ts';
import { defineJob } from '../../plugins/queue.ts';
import { REMINDER_QUEUE, type ReminderJob, sendInterviewReminder } from '../reminders.ts';

/** Reminds the candidate and the interviewers of a booked interview 24 h and 1 h before it (each reminder once). */
export const interviewReminderJob = defineJob<ReminderJob>({
  queue: REMINDER_QUEUE,
  retry: { retryLimit: 3, retryDelay: 60 },
  handler: async (app, d) => {
    await sendInterviewReminder(depsOf(app), d);
  },
});
