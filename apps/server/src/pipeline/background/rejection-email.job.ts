import { depsOf } from '../../core/deps.ts';
import { defineJob } from '../../plugins/queue.ts';
import { REJECTION_EMAIL_QUEUE, sendRejectionEmail } from '../rejection-emails.ts';

/** Sends a scheduled rejection email at its time (POST /api/applications/reject with an email template). */
export const rejectionEmailJob = defineJob<{ clientId: string; id: string }>({
  queue: REJECTION_EMAIL_QUEUE,
  retry: { retryLimit: 3, retryDelay: 60 },
  handler: (app, d) => sendRejectionEmail(depsOf(app), d),
});
