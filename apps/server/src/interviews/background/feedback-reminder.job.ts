import { depsOf } from '../../core/deps.ts';
import { defineJob } from '../../plugins/queue.ts';
import { FEEDBACK_REMINDER_QUEUE } from '../feedback-mail.ts';
import { type ReminderData, sendFeedbackReminder } from '../send-reminder.ts';

/** Reminds an interviewer of a missing scorecard 24 h after the request, then daily, at most three times. */
export const feedbackReminderJob = defineJob<ReminderData>({
  queue: FEEDBACK_REMINDER_QUEUE,
  retry: { retryLimit: 3, retryDelay: 60 },
  handler: (app, d) => sendFeedbackReminder(depsOf(app), d),
});
