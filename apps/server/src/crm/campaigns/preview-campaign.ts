import type { Deps } from '../../core/deps.ts';
import { loadBranding } from '../../mail/index.ts';
import { getCampaign } from './campaigns.ts';
import { checkMergeFields } from './merge-fields.ts';
import { eligibleMembers, SAMPLE_RECIPIENT } from './recipients.ts';
import { renderCampaign } from './render-campaign.ts';

/**
 * `POST api/campaigns/preview`: the mail as one real candidate of the list would receive it, for the
 * editor's live preview (unsaved subject and body may be given). The link in the preview
 * unsubscribes nobody: it is made for a placeholder address.
 */
export async function previewCampaign(
  deps: Pick<Deps, 'db' | 'config'>,
  input: { _id: string; clientId: string; candidateId?: string; subject?: string; body?: string },
) {
  const c = await getCampaign(deps.db, input.clientId, input._id);
  const subject = input.subject ?? c.subject;
  const body = input.body ?? c.body;
  checkMergeFields('subject', subject);
  checkMergeFields('body', body);
  const members = c.listId ? await eligibleMembers(deps.db, input.clientId, c.listId, { limit: 50 }) : [];
  let recipient = members.find((m) => m.id === input.candidateId) ?? members[0] ?? null;
  if (input.candidateId && !recipient && c.listId)
    recipient = (await eligibleMembers(deps.db, input.clientId, c.listId, { limit: 1, candidateId: input.candidateId }))[0] ?? members[0] ?? null;
  const branding = await loadBranding(deps.db, input.clientId, deps.config.publicUrl);
  const mail = await renderCampaign(deps, {
    clientId: input.clientId,
    campaignId: c._id,
    subject,
    body,
    recipient: recipient ?? SAMPLE_RECIPIENT,
    branding,
    unsubscribeFor: 'preview@invalid',
  });
  return {
    subject: mail.subject,
    html: mail.html,
    recipient: recipient ? { _id: recipient.id, firstName: recipient.firstName, lastName: recipient.lastName, email: recipient.email } : null,
    recipients: members.map((m) => ({ _id: m.id, name: `${m.firstName} ${m.lastName}`.trim() || m.email, email: m.email })),
  };
}
