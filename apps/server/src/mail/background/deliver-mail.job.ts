import { MAIL_DELIVER_QUEUE } from '../../plugins/mail.ts';
import { defineJob } from '../../plugins/queue.ts';

/**
 * Sends one outbox row over SMTP (only when SMTP_URL is set); a failure is recorded on the row and
 * retried. Each mail is queued with `mailRetry(config)` (plugins/mail.ts: every MAIL_RETRY_SECONDS
 * for MAIL_RETRY_HOURS), which overrides the policy below; a try that outlives the SMTP timeouts
 * (its process died) is taken over after five minutes.
 */
export const deliverMailJob = defineJob<{ id: string }>({
  queue: MAIL_DELIVER_QUEUE,
  retry: { retryLimit: 3, retryDelay: 5, expireInSeconds: 300 },
  handler: (app, d) => app.mail.deliverNow(d.id),
});
