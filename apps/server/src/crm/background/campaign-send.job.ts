import { depsOf } from '../../core/deps.ts';
import { defineJob } from '../../plugins/queue.ts';
import { CAMPAIGN_SEND_QUEUE, sendCampaignBatch } from '../campaigns/index.ts';

/** Sends a started campaign, one mail per pending recipient (POST api/campaigns/send); a retry carries on where it stopped. */
export const campaignSendJob = defineJob<{ clientId: string; campaignId: string }>({
  queue: CAMPAIGN_SEND_QUEUE,
  retry: { retryLimit: 5, retryDelay: 30 },
  handler: (app, d) => sendCampaignBatch(depsOf(app), d),
});
