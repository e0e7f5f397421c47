import type { crmRoutes as r } from '@hh/contract/crm';
import { requireClient } from '../../auth/access.ts';
import type { Operation } from '../../core/operation.ts';
import { loadBranding } from '../../mail/index.ts';
import { CANDIDATE_READERS } from '../rights.ts';
import { loadCampaign } from './campaigns.ts';
import { checkMergeFields } from './merge-fields.ts';
import { eligibleMembers, SAMPLE_RECIPIENT } from './recipients.ts';
import { renderCampaign } from './render-campaign.ts';

/**
 * `POST api/campaigns/preview`: the mail as one real candidate of the list would receive it, for the
 * editor's live preview (unsaved subject and body may be given). The link in the preview
 * unsubscribes nobody: it is made for a placeholder address.
 */
export const previewCampaign: Operation<typeof r.previewCampaign, 'db' | 'config'> = async (deps, input) => {
  const clientId = (await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'campaigns')).id;
  const c = await loadCampaign(deps.db, clientId, input._id);
  const subject = input.subject ?? c.subject;
  const body = input.body ?? c.body;
  checkMergeFields('subject', subject);
  checkMergeFields('body', body);
  const members = c.listId ? await eligibleMembers(deps.db, clientId, c.listId, { limit: 50 }) : [];
  let recipient = members.find((m) => m.id === input.candidateId) ?? members[0] ?? null;
  if (input.candidateId && !recipient && c.listId)
    recipient = (await eligibleMembers(deps.db, clientId, c.listId, { limit: 1, candidateId: input.candidateId }))[0] ?? members[0] ?? null;
  const branding = await loadBranding(deps, { clientId, publicUrl: deps.config.publicUrl });
  const mail = await renderCampaign(deps, {
    clientId,
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
};
