import type { crmRoutes as r } from '@hh/contract/crm';
import { messages } from '@hh/contract/messages';
import { requireClient } from '../../auth/access.ts';
import type { Operation } from '../../core/operation.ts';
import { badRequest } from '../../lib/app-error.ts';
import { loadBranding } from '../../mail/index.ts';
import { CANDIDATE_READERS } from '../rights.ts';
import { loadCampaign } from './campaigns.ts';
import { checkMergeFields } from './merge-fields.ts';
import { eligibleMembers, SAMPLE_RECIPIENT } from './recipients.ts';
import { renderCampaign } from './render-campaign.ts';

/**
 * `POST api/campaigns/send-test`: the saved draft to the signed-in recruiter's own address, filled in
 * for the first candidate who would receive it, the subject marked "[Test]". Through the outbox/SMTP.
 */
export const sendTestCampaign: Operation<typeof r.sendTestCampaign, 'db' | 'mail' | 'config'> = async (deps, input) => {
  const clientId = (await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'campaigns')).id;
  const { actor } = input;
  const c = await loadCampaign(deps.db, clientId, input._id);
  if (!c.subject.trim() || !c.body.trim()) throw badRequest('campaigns', messages.crm.campaignEmpty);
  checkMergeFields('subject', c.subject);
  checkMergeFields('body', c.body);
  const [first] = c.listId ? await eligibleMembers(deps.db, clientId, c.listId, { limit: 1 }) : [];
  const branding = await loadBranding(deps, { clientId, publicUrl: deps.config.publicUrl });
  const mail = await renderCampaign(deps, {
    clientId,
    campaignId: c._id,
    subject: c.subject,
    body: c.body,
    recipient: first ?? SAMPLE_RECIPIENT,
    branding,
    unsubscribeFor: actor.email,
  });
  await deps.mail.send({ to: actor.email, clientId, ...mail, subject: `[Test] ${mail.subject}` });
  return { message: messages.crm.campaignTestSent, to: actor.email };
};
