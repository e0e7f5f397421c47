import { depsOf } from '../../core/deps.ts';
import { defineJob } from '../../plugins/queue.ts';
import { type BulkSendJob, runBulkSend } from '../send-message.ts';
import { BULK_SEND_QUEUE } from '../store.ts';

/** A bulk send (POST /api/conversations/send to several candidates): a retry carries on, each recipient once. */
export const conversationsBulkSendJob = defineJob<BulkSendJob>({
  queue: BULK_SEND_QUEUE,
  retry: { retryLimit: 5, retryDelay: 30 },
  handler: (app, d) => runBulkSend(depsOf(app), d),
});
