import { messages } from '@hh/contract/messages';
import type { Actor } from '../../auth/actor.ts';
import type { Deps } from '../../core/deps.ts';
import { loadBranding } from '../../mail/index.ts';
import { badRequest } from '../../lib/app-error.ts';
import { getCampaign } from './campaigns.ts';
import { checkMergeFields } from './merge-fields.ts';
import { eligibleMembers, SAMPLE_RECIPIENT } from './recipients.ts';
import { renderCampaign } from './render-campaign.ts';

/**
 * `POST api/campaigns/send-test`: the saved draft to the signed-in recruiter's own address, filled in
 * for the first candidate who would receive it, the subject marked "[Test]". Through the outbox/SMTP.
 */
export async function sendTestCampaign(deps: Pick<Deps, 'db' | 'mail' | 'config'>, actor: Actor, input: { _id: string; clientId: string }) {
  const c = await getCampaign(deps.db, input.clientId, input._id);
  if (!c.subject.trim() || !c.body.trim()) throw badRequest('campaigns', messages.crm.campaignEmpty);
  checkMergeFields('subject', c.subject);
  checkMergeFields('body', c.body);
  const [first] = c.listId ? await eligibleMembers(deps.db, input.clientId, c.listId, { limit: 1 }) : [];
  const branding = await loadBranding(deps.db, input.clientId, deps.config.publicUrl);
  const mail = await renderCampaign(deps, {
    clientId: input.clientId,
    campaignId: c._id,
    subject: c.subject,
    body: c.body,
    recipient: first ?? SAMPLE_RECIPIENT,
    branding,
    unsubscribeFor: actor.email,
  });
  await deps.mail.send({ to: actor.email, clientId: input.clientId, ...mail, subject: `[Test] ${mail.subject}` });
  return { message: messages.crm.campaignTestSent, to: actor.email };
}
