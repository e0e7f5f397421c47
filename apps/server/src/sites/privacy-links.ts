import { messages } from '@hh/contract/messages';
import type { SiteContext } from './context.ts';
import { html, type Raw } from './html.ts';

/** The site's candidate privacy notice: /{nameSlug}/privacy on the product host, /privacy on the client's domain. */
export const privacyPath = (ctx: SiteContext) => `${ctx.base}/privacy`;

/**
 * The consent line of the apply form: the text recorded with every application
 * (`messages.privacy.consentSentence`, crm/privacy/consent.ts), its "candidate privacy notice" a link.
 */
export function consentLine(ctx: SiteContext): Raw {
  const sentence = messages.privacy.consentSentence(ctx.client.name);
  const at = sentence.lastIndexOf(messages.privacy.noticeLinkText);
  const [before, after] = [sentence.slice(0, at), sentence.slice(at + messages.privacy.noticeLinkText.length)];
  return html`<p class="meta" id="apply-consent">${before}<a href="${privacyPath(ctx)}" target="_blank" rel="noopener">${messages.privacy.noticeLinkText}</a>${after}</p>`;
}
