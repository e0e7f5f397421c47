export { createCampaignDraft } from './create-draft.ts';
