import type { Deps } from '../../core/deps.ts';
import { type Branding, renderMail } from '../../mail/index.ts';
import { fillMergeFields, type MergeValues } from './merge-fields.ts';
import { campaignBodyText, sanitizeCampaignBody } from './sanitize-body.ts';
import { signUnsubscribeToken } from './unsubscribe-token.ts';

export interface CampaignRecipient {
  firstName: string;
  lastName: string;
  email: string;
  city: string | null;
  /** The job of the candidate's latest application, if any. */
  jobTitle: string | null;
}

/** The public unsubscribe page of one address (GET shows a confirm button; POST is RFC 8058 one-click). */
export async function unsubscribeUrl(deps: Pick<Deps, 'config'>, p: { clientId: string; email: string; campaignId: string }) {
  return `${deps.config.publicUrl}/api/campaigns/unsubscribe?token=${await signUnsubscribeToken(deps.config.jwtSecret, p)}`;
}

/**
 * One campaign mail as a candidate receives it: merge fields filled (escaped in HTML), the body
 * sanitised again, the unsubscribe link in the footer and in the List-Unsubscribe headers.
 * `unsubscribeFor` is the address the link unsubscribes (the recruiter's own for a test send).
 */
export async function renderCampaign(
  deps: Pick<Deps, 'config'>,
  p: { clientId: string; campaignId: string; subject: string; body: string; recipient: CampaignRecipient; branding: Branding; unsubscribeFor: string },
) {
  const values: MergeValues = {
    firstName: p.recipient.firstName,
    lastName: p.recipient.lastName,
    email: p.recipient.email,
    city: p.recipient.city ?? '',
    jobTitle: p.recipient.jobTitle ?? '',
    clientName: p.branding.name,
  };
  const clean = sanitizeCampaignBody(p.body);
  const link = await unsubscribeUrl(deps, { clientId: p.clientId, email: p.unsubscribeFor, campaignId: p.campaignId });
  const mail = await renderMail(
    'campaign',
    {
      subject: fillMergeFields(p.subject, values, 'text').replace(/[\r\n]+/g, ' '),
      html: fillMergeFields(clean, values, 'html'),
      text: fillMergeFields(campaignBodyText(clean), values, 'text'),
      unsubscribeUrl: link,
    },
    p.branding,
  );
  return { ...mail, headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}
