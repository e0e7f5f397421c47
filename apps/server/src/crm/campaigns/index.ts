export { getCampaign, listCampaigns } from './campaigns.ts';
export { createCampaignDraft } from './create-draft.ts';
export { previewCampaign } from './preview-campaign.ts';
export { CAMPAIGN_SEND_QUEUE, sendCampaignBatch } from './send-batch.ts';
export { sendTestCampaign } from './send-test.ts';
export { startCampaignSend } from './start-send.ts';
export { unsubscribe, unsubscribeAndConfirm, unsubscribeLanding } from './unsubscribe.ts';
export { updateCampaign } from './update-campaign.ts';
