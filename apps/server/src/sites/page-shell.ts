import type { Design } from '@hh/contract/site-builder';
import { designCss, fontFaceCss, fontPreloadUrls } from '@hh/contract/site-css';
import type { PageTemplateRow, StoredBlock } from '../db/schema/pages.ts';
import { href } from './blocks.ts';
import { chatbotWidget } from '../chatbot/index.ts';
import { SITE_STYLESHEET } from '../site-fonts/index.ts';
import { clientScriptTags } from './client-scripts.ts';
import { link } from './carry.ts';
import type { SiteContext } from './context.ts';
import { privacyPath } from './privacy-links.ts';
import { isSafeUrl } from '../core/security/safe-url.ts';
import { NONCE_PLACEHOLDER } from '../plugins/security.ts';
import { html, jsonForScript, type Raw, raw } from './html.ts';

/**
 * The frame of every designed career page (published pages, motivators, the motivator search page
 * and the site's 404): the client's design as CSS variables, header and footer from the Home
 * page's blocks, SEO, Open Graph and Twitter cards, a canonical address, and the client's own
 * scripts (external files only, on published pages only, where the client put them; in a sandboxed
 * frame on the product host, see client-scripts.ts). `template` carries the published site settings
 * (pages/live-site.ts), never the draft's. No inline
 * script and no event handler attributes, so the site's CSP with nonces holds.
 */
export interface ShellOptions {
  title: string;
  description: string;
  canonical: string;
  design: Design;
  template: PageTemplateRow | null;
  /** Header/Footer blocks to use (the page's own, else the Home page's). */
  header?: StoredBlock | null;
  footer?: StoredBlock | null;
  body: Raw;
  noindex?: boolean;
  ogImage?: string | null;
  /** Page name for custom-script placement; null renders no client scripts (not a published page). */
  scriptsFor?: string | null;
  jsonLd?: unknown;
  /** Open Graph type (a job page is an article). */
  ogType?: string;
  /** GA4 measurement id (core §9 flags), when the client or the product has one. */
  ga4?: string | null;
  /** Trusted head markup (the captcha provider's script). */
  head?: string;
  /** Our own inline script (nonce'd), e.g. the apply form's. */
  script?: string;
  /** A class on <body> for page-type styles (search, job). */
  bodyClass?: string;
}

/** GA4 with core spec §9 flags: automatic page views off, one explicit page_view, cookies SameSite=None;Secure. */
function ga4Tags(id: string): Raw {
  const cfg = JSON.stringify({ send_page_view: false, cookie_flags: 'SameSite=None;Secure' });
  return html`<script async src="https://www.googletagmanager.com/gtag/js?id=${id}"></script><script nonce="${raw(NONCE_PLACEHOLDER)}">window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config',${jsonForScript(id)},${raw(cfg)});gtag('event','page_view');</script>`;
}

type LinkItem = { label?: unknown; href?: unknown };
const links = (ctx: SiteContext, b: StoredBlock | null | undefined, fallback: LinkItem[]) =>
  ((Array.isArray(b?.props.links) ? b.props.links : fallback) as LinkItem[])
    .slice(0, 12)
    .map((l) => ({ label: typeof l.label === 'string' ? l.label.slice(0, 60) : '', to: href(ctx, l.href) }))
    .filter((l) => l.label && l.to);

export function pageShell(ctx: SiteContext, o: ShellOptions): string {
  const c = ctx.client;
  const t = o.template;
  const logo = o.design.logo ?? c.logo ?? null;
  const home = link(ctx.base || '/', ctx.carried);
  const favicon = t?.favicon ?? c.logo ?? 'data:,';
  const social = (t?.socialMetadata ?? {}) as Record<string, string | undefined>;
  // A value stored before the URL rule (no script schemes) is dropped, not printed: meta content is not an href.
  const image = [o.ogImage, social.image, logo].find((u) => u && isSafeUrl(u)) ?? null;
  const keywords = t?.seo?.keywords ?? [];
  // Client scripts never run beside a portal session: a sandboxed frame on the product host (client-scripts.ts).
  const { head: headScripts, body: bodyScripts } = clientScriptTags(ctx, t, o.scriptsFor);
  // The chat launcher when the client's chatbot is on: our own markup and nonce'd script (chatbot/widget.ts).
  const chat = chatbotWidget(c, { privacyUrl: privacyPath(ctx), jobPage: o.bodyClass === 'jobpage' });
  const headerLinks = links(ctx, o.header, [{ label: 'Jobs', href: '/search-page' }]);
  const footerLinks = links(ctx, o.footer, [{ label: 'All jobs', href: '/search-page' }]);
  const footerText = typeof o.footer?.props.text === 'string' && o.footer.props.text ? o.footer.props.text : `© ${new Date().getFullYear()} ${c.name}`;
  // The design's fonts from our own host (no third-party font requests): @font-face for its heading and body fonts only,
  // and preloads of the body font's files so most text paints in it at once. System loads nothing.
  const preloads = fontPreloadUrls(o.design).map((u) => html`<link rel="preload" href="${u}" as="font" type="font/woff2" crossorigin>`);
  const page = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${preloads}
<title>${o.title}</title><meta name="description" content="${o.description}">${keywords.length ? html`<meta name="keywords" content="${keywords.join(', ')}">` : ''}
<link rel="canonical" href="${o.canonical}"><meta name="robots" content="${o.noindex ? 'noindex' : 'index,follow'}">
<meta property="og:type" content="${o.ogType ?? 'website'}"><meta property="og:title" content="${social.title || o.title}"><meta property="og:description" content="${social.description || o.description}">
<meta property="og:url" content="${o.canonical}"><meta property="og:site_name" content="${c.name}">${image ? html`<meta property="og:image" content="${image}">` : ''}
<meta name="twitter:card" content="${social.twitterCard || (image ? 'summary_large_image' : 'summary')}"><meta name="twitter:title" content="${social.title || o.title}"><meta name="twitter:description" content="${social.description || o.description}">${
    social.twitterSite ? html`<meta name="twitter:site" content="${social.twitterSite}">` : ''
  }${image ? html`<meta name="twitter:image" content="${image}">` : ''}
<link rel="icon" href="${favicon}">
<style>${raw(fontFaceCss(o.design))}${raw(designCss(o.design))}</style><link rel="stylesheet" href="${SITE_STYLESHEET.url}">${o.jsonLd ? html`<script type="application/ld+json">${jsonForScript(o.jsonLd)}</script>` : ''}${o.ga4 ? ga4Tags(o.ga4) : ''}${o.head ? raw(o.head) : ''}${headScripts}
</head><body${o.bodyClass ? html` class="${o.bodyClass}"` : ''}><a class="skip" href="#main">Skip to content</a><header class="site-h"><div class="wrap"><a class="brand" href="${home}">${logo ? html`<img src="${logo}" alt="" width="40" height="40">` : ''}<span>${c.name}</span></a>${
    headerLinks.length ? html`<nav aria-label="Site"><ul>${headerLinks.map((l) => html`<li><a href="${l.to}">${l.label}</a></li>`)}</ul></nav>` : ''
  }</div></header>
<main id="main">${o.body}</main>
<footer class="site-f"><div class="wrap">${footerLinks.length ? html`<ul>${footerLinks.map((l) => html`<li><a href="${l.to}">${l.label}</a></li>`)}</ul>` : ''}${
    (t?.socialNetworks ?? []).length
      ? html`<ul aria-label="Social networks">${(t?.socialNetworks ?? []).map((s) => html`<li><a href="${s.url}" rel="noopener">${s.network}</a></li>`)}</ul>`
      : ''
  }<p>${footerText} · <a href="${privacyPath(ctx)}">Candidate privacy notice</a></p></div></footer>${o.script ? html`<script nonce="${raw(NONCE_PLACEHOLDER)}">${raw(o.script)}</script>` : ''}${
    chat ? html`${raw(chat.markup)}<script nonce="${raw(NONCE_PLACEHOLDER)}">${raw(chat.script)}</script>` : ''
  }${bodyScripts}</body></html>`;
  return page.value;
}
