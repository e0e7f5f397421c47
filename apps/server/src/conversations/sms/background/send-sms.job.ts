import { depsOf } from '../../../core/deps.ts';
import { defineJob } from '../../../plugins/queue.ts';
import { SMS_SEND_QUEUE } from '../../index.ts';
import { deliverSmsChunk, type SmsJob } from '../deliver-sms.ts';

/**
 * Sends queued SMS of conversations through Twilio: `{ clientId, messageId }` (one message, the
 * conversations domain's shape) or `{ clientId, write }` (a bulk send's chunk, written then sent). Idempotent, so a
 * retry or a second job for the same message sends nothing twice (deliver-sms.ts). Five retries 30 s
 * apart cover Twilio or the network being away; the short time limit hands the job of a worker that
 * died mid-send to another soon.
 */
export const sendSmsJob = defineJob<SmsJob>({
  queue: SMS_SEND_QUEUE,
  retry: { retryLimit: 5, retryDelay: 30, expireInSeconds: 300 },
  handler: async (app, d) => {
    await deliverSmsChunk(depsOf(app), d);
  },
});
