import { isSafeUrl, safeUrl } from '../core/security/safe-url.ts';
import { NONCE_PLACEHOLDER } from '../plugins/security.ts';
import { html, jsonForScript, type Raw, raw } from './html.ts';

export interface LayoutOptions {
  title: string;
  description: string;
  canonical: string;
  clientName: string;
  homeHref: string;
  logo?: string | null;
  ogType?: string;
  image?: string | null;
  jsonLd?: unknown;
  ga4?: string | null;
  noindex?: boolean;
  body: Raw;
  script?: string;
  /** Extra trusted head markup (third-party captcha script). */
  head?: string;
}

/**
 * Critical CSS, inlined (no render-blocking request), system fonts, contrast >= 4.5:1
 * (links and buttons use the theme's primary2 #0C74E4; core spec §9 theme), 700 px breakpoint.
 */
const CSS = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:#1b1f24;background:#f3f3f3}
a{color:#0a5fc0}a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible{outline:3px solid #0c74e4;outline-offset:2px}
header.site{background:#fff;border-bottom:1px solid #d8dde3}header.site div{max-width:1100px;margin:0 auto;padding:12px 16px;display:flex;align-items:center;gap:12px}
header.site a{font-weight:700;font-size:1.15rem;text-decoration:none;color:#1b1f24}header.site img{height:36px;width:auto}
main{max-width:1100px;margin:0 auto;padding:16px}h1{font-size:1.75rem;line-height:1.25;margin:.5rem 0 1rem}h2{font-size:1.25rem;margin:1.5rem 0 .5rem}
.card{background:#fff;border:1px solid #d8dde3;border-radius:8px;padding:16px;margin-bottom:12px}
form.search{display:grid;grid-template-columns:2fr 2fr 1fr auto;gap:8px;align-items:end}
label{display:block;font-weight:600;font-size:.9rem;margin-bottom:4px}input,select,textarea{width:100%;font:inherit;padding:10px;border:1px solid #6b7580;border-radius:6px;background:#fff;color:#1b1f24;min-height:44px}
input[type=checkbox],input[type=radio]{width:auto;min-height:0;margin-right:6px}
button,.button{display:inline-block;font:inherit;font-weight:600;background:#0c74e4;color:#fff;border:0;border-radius:6px;padding:10px 18px;min-height:44px;cursor:pointer;text-decoration:none}
.layout{display:grid;grid-template-columns:260px 1fr;gap:16px}.facets h2{font-size:1rem;margin:.75rem 0 .25rem}.facets ul{list-style:none;margin:0;padding:0}.facets li{padding:6px 0}
.facets a{display:inline-block;padding:4px 0}.filters{display:flex;flex-wrap:wrap;gap:12px;margin-top:8px}.filters>div{min-width:160px;flex:1}
ul.jobs{list-style:none;margin:0;padding:0}ul.jobs h3{margin:0 0 4px;font-size:1.1rem}.meta{color:#4a5561;font-size:.95rem;margin:0}
.pager{display:flex;justify-content:space-between;gap:8px;margin:16px 0}.pager a{padding:10px 0}
.desc{overflow-wrap:anywhere}.field{margin-bottom:12px}.errors{border:2px solid #b3261e;color:#8c1d18;background:#fff}
fieldset{border:1px solid #d8dde3;border-radius:6px;margin:0 0 12px;padding:8px 12px}legend{font-weight:600}.sr{position:absolute;left:-9999px}
/* core spec §9: the reCAPTCHA badge is hidden (the form carries Google's notice instead) */.grecaptcha-badge{visibility:hidden}
footer{max-width:1100px;margin:0 auto;padding:24px 16px;color:#4a5561;font-size:.9rem}
@media (max-width:700px){form.search{grid-template-columns:1fr}.layout{grid-template-columns:1fr}.facets{order:2}h1{font-size:1.4rem}}`;

/** GA4 with core spec §9 flags: automatic page tracking and page views off, cookies SameSite=None;Secure. */
function ga4Tags(id: string): Raw {
  const cfg = JSON.stringify({ send_page_view: false, cookie_flags: 'SameSite=None;Secure' });
  return html`<script async src="https://www.googletagmanager.com/gtag/js?id=${id}"></script><script nonce="${raw(NONCE_PLACEHOLDER)}">window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config',${jsonForScript(id)},${raw(cfg)});gtag('event','page_view');</script>`;
}

export function layout(o: LayoutOptions): string {
  const page = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${o.title}</title><meta name="description" content="${o.description}"><link rel="canonical" href="${o.canonical}">
${o.noindex ? raw('<meta name="robots" content="noindex">') : raw('<meta name="robots" content="index,follow">')}
<meta property="og:type" content="${o.ogType ?? 'website'}"><meta property="og:title" content="${o.title}"><meta property="og:description" content="${o.description}">
<meta property="og:url" content="${o.canonical}"><meta property="og:site_name" content="${o.clientName}">${isSafeUrl(o.image) ? html`<meta property="og:image" content="${o.image}">` : ''}
<meta name="twitter:card" content="summary"><link rel="icon" href="${safeUrl(o.logo, 'data:,')}">
<style>${raw(CSS)}</style>
${o.jsonLd ? html`<script type="application/ld+json">${jsonForScript(o.jsonLd)}</script>` : ''}${o.ga4 ? ga4Tags(o.ga4) : ''}${o.head ? raw(o.head) : ''}
</head><body><header class="site"><div>${isSafeUrl(o.logo) ? html`<img src="${o.logo}" alt="" width="36" height="36">` : ''}<a href="${o.homeHref}">${o.clientName} careers</a></div></header>
${o.body}
<footer><p>${o.clientName}</p></footer>${o.script ? html`<script nonce="${raw(NONCE_PLACEHOLDER)}">${raw(o.script)}</script>` : ''}</body></html>`;
  return page.value;
}
