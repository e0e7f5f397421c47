import { MAIL_DELIVER_QUEUE } from '../../plugins/mail.ts';
import { defineJob } from '../../plugins/queue.ts';

/** Sends one outbox row over SMTP (only when SMTP_URL is set); a failure is recorded on the row and retried. */
export const deliverMailJob = defineJob<{ id: string }>({
  queue: MAIL_DELIVER_QUEUE,
  retry: { retryLimit: 3, retryDelay: 5 },
  handler: (app, d) => app.mail.deliverNow(d.id),
});
