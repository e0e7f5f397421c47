import { depsOf } from '../../core/deps.ts';
import { defineJob } from '../../plugins/queue.ts';
import { FOLLOW_UP_QUEUE, sendFollowUp } from '../follow-ups/index.ts';

/** Emails the recruiter a candidate follow-up reminder on its date (POST api/candidates/follow-up). */
export const followUpJob = defineJob<{ clientId: string; followUpId: string }>({
  queue: FOLLOW_UP_QUEUE,
  retry: { retryLimit: 3, retryDelay: 60 },
  handler: (app, d) => sendFollowUp(depsOf(app), d),
});
