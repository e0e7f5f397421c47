import { render } from '@react-email/render';
import type { MailTemplate } from './define.ts';
import { Layout } from './layout.tsx';
import { applicationReceived } from './templates/application-received.tsx';
import { embedCode } from './templates/embed-code.tsx';
import { newApplication } from './templates/new-application.tsx';
import { passwordReset } from './templates/password-reset.tsx';
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
};

export type MailTemplateName = keyof typeof mailTemplates;
export type MailData<N extends MailTemplateName> = (typeof mailTemplates)[N] extends MailTemplate<infer D> ? D : never;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export async function renderMail<N extends MailTemplateName>(name: N, data: MailData<N>, branding: Branding): Promise<RenderedMail> {
  const t = mailTemplates[name] as unknown as MailTemplate<MailData<N>>;
  const html = await render(
    <Layout branding={branding} preview={t.preview?.(data, branding)}>
      {t.body(data, branding)}
    </Layout>,
  );
  return { subject: t.subject(data, branding), text: t.text(data, branding), html };
}
