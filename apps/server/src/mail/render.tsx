import { mergeFields } from '@hh/contract/team';
import { render } from '@react-email/render';
import { type ClientTemplate, type MergeValues, renderClientTemplate } from './client-template.ts';
import type { MailTemplate } from './define.ts';
import { Layout } from './layout.tsx';
import { alertDigest } from './templates/alert-digest.tsx';
import { applicationReceived } from './templates/application-received.tsx';
import { campaign } from './templates/campaign.tsx';
import { embedCode } from './templates/embed-code.tsx';
import { feedbackRequest } from './templates/feedback-request.tsx';
import { interviewScheduled } from './templates/interview-scheduled.tsx';
import { followUp } from './templates/follow-up.tsx';
import { invitation } from './templates/invitation.tsx';
import { newApplication } from './templates/new-application.tsx';
import { offerApproval } from './templates/offer-approval.tsx';
import { offerLetter } from './templates/offer-letter.tsx';
import { passwordReset } from './templates/password-reset.tsx';
import { referral } from './templates/referral.tsx';
import { schedulingLink } from './templates/scheduling-link.tsx';
import { waveInvitation } from './templates/wave-invitation.tsx';
import { waveProfileRejected } from './templates/wave-profile-rejected.tsx';
import type { Branding } from './branding.ts';

/** Every email the product sends, by name. A new email is one file in templates/ and one line here. */
export const mailTemplates = {
  passwordReset,
  waveInvitation,
  waveProfileRejected,
  embedCode,
  newApplication,
  applicationReceived,
  invitation,
  referral,
  followUp,
  campaign,
  alertDigest,
  offerLetter,
  offerApproval,
  feedbackRequest,
  schedulingLink,
  interviewScheduled,
};

export type MailTemplateName = keyof typeof mailTemplates;
export type MailData<N extends MailTemplateName> = (typeof mailTemplates)[N] extends MailTemplate<infer D> ? D : never;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/**
 * A client template filled with values, in the client's branded layout: the mail as the recipient
 * gets it (also the email templates screen's preview and test send). `fallbackSubject` stands in for
 * an empty subject. `allowed` limits the fields filled to the kind's merge fields.
 */
export async function renderTemplateMail(
  tpl: ClientTemplate,
  values: MergeValues,
  branding: Branding,
  fallbackSubject = '',
  allowed?: readonly string[],
): Promise<RenderedMail> {
  const filled = renderClientTemplate(tpl, values, allowed);
  const html = await render(
    <Layout
      branding={branding}
      preview={filled.text
        .split('\n')
        .find((l) => l.trim())
        ?.slice(0, 120)}
    >
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: renderClientTemplate sanitises the body and escapes every value */}
      <div style={{ fontSize: '15px', lineHeight: '22px', color: '#1f2937' }} dangerouslySetInnerHTML={{ __html: filled.html }} />
    </Layout>,
  );
  return { subject: filled.subject || fallbackSubject, text: filled.text, html };
}

/** Renders a product mail; when the client has its own template of the mail's kind, that template replaces the product's text. */
export async function renderMail<N extends MailTemplateName>(name: N, data: MailData<N>, branding: Branding): Promise<RenderedMail> {
  const t = mailTemplates[name] as unknown as MailTemplate<MailData<N>>;
  const own = t.clientTemplate ? branding.templates?.[t.clientTemplate.kind] : undefined;
  if (t.clientTemplate && own) {
    const { kind, values } = t.clientTemplate;
    return renderTemplateMail(own, values(data, branding), branding, t.subject(data, branding), mergeFields[kind]);
  }
  const html = await render(
    <Layout branding={branding} preview={t.preview?.(data, branding)}>
      {t.body(data, branding)}
    </Layout>,
  );
  return { subject: t.subject(data, branding), text: t.text(data, branding), html };
}
