import { privacyMessages } from '@hh/contract/crm-privacy';
import type { SiteContext } from './context.ts';
import { html, type Raw } from './html.ts';

/** The site's candidate privacy notice: /{nameSlug}/privacy on the product host, /privacy on the client's domain. */
export const privacyPath = (ctx: SiteContext) => `${ctx.base}/privacy`;

/**
 * The consent line of the apply form: the text recorded with every application
 * (`privacyMessages.consentSentence`, crm/privacy/consent.ts), its "candidate privacy notice" a link.
 */
export function consentLine(ctx: SiteContext): Raw {
  const sentence = privacyMessages.consentSentence(ctx.client.name);
  const at = sentence.lastIndexOf(privacyMessages.noticeLinkText);
  const [before, after] = [sentence.slice(0, at), sentence.slice(at + privacyMessages.noticeLinkText.length)];
  return html`<p class="meta" id="apply-consent">${before}<a href="${privacyPath(ctx)}" target="_blank" rel="noopener">${privacyMessages.noticeLinkText}</a>${after}</p>`;
}
