import { depsOf } from '../../core/deps.ts';
import { defineJob } from '../../plugins/queue.ts';
import { EMAIL_SEND_QUEUE, runEmailSend } from '../email/deliver-email.ts';

/** A scheduled conversation email (one message, or a scheduled bulk send's batch) when its time comes. */
export const conversationsEmailSendJob = defineJob<{ clientId: string; messageId?: string; batchId?: string }>({
  queue: EMAIL_SEND_QUEUE,
  retry: { retryLimit: 5, retryDelay: 30 },
  handler: (app, d) => runEmailSend(depsOf(app), d),
});
