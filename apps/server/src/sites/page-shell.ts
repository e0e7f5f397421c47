import type { Design } from '@hh/contract/pages';
import type { PageTemplateRow, StoredBlock } from '../db/schema/pages.ts';
import { href } from './blocks.ts';
import { link } from './carry.ts';
import type { SiteContext } from './context.ts';
import { html, jsonForScript, type Raw, raw } from './html.ts';

/**
 * The frame of every designed career page (published pages, motivators, the motivator search page
 * and the site's 404): the client's design as CSS variables, header and footer from the Home
 * page's blocks, SEO, Open Graph and Twitter cards, a canonical address, and the client's own
 * scripts (external files only, on published pages only, where the client put them). No inline
 * script and no event handler attributes, so the site's CSP with nonces holds.
 */
const FONT_STACK: Record<string, string> = {
  System: 'system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif',
};
export const fontStack = (f: string) => (FONT_STACK[f] ? FONT_STACK[f] : `"${f}",${FONT_STACK.System}`);

/** Black or white, whichever reads better on a background colour (WCAG relative luminance). */
export function readableOn(hex: string): string {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? h.replace(/./g, (c) => c + c) : h;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const L = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return 1.05 / (L + 0.05) >= (L + 0.05) / 0.05 ? '#ffffff' : '#111111';
}

function designCss(d: Design): string {
  const radius = d.buttonStyle === 'pill' ? '999px' : d.buttonStyle === 'square' ? '2px' : '8px';
  const space = d.spacing === 'compact' ? '32px' : d.spacing === 'airy' ? '80px' : '56px';
  const c = d.colors;
  return `:root{--p:${c.primary};--on-p:${readableOn(c.primary)};--s:${c.secondary};--on-s:${readableOn(c.secondary)};--text:${c.text};--bg:${c.background};--surface:${c.surface};--r:${radius};--space:${space};--hf:${fontStack(d.headingFont)};--bf:${fontStack(d.bodyFont)}}`;
}

const CSS = `*{box-sizing:border-box}html{-webkit-text-size-adjust:100%}body{margin:0;font:17px/1.6 var(--bf);color:var(--text);background:var(--bg)}
img,video{max-width:100%;height:auto}h1,h2,h3{font-family:var(--hf);line-height:1.2;margin:0 0 .6em}h1{font-size:clamp(2rem,6vw,3.4rem)}h2{font-size:clamp(1.5rem,3.5vw,2.2rem)}h3{font-size:1.15rem}
a{color:var(--s)}a:focus-visible,button:focus-visible,input:focus-visible,summary:focus-visible{outline:3px solid var(--p);outline-offset:2px}
.wrap{max-width:1120px;margin:0 auto;padding:0 20px}.narrow{max-width:760px}.skip{position:absolute;left:-9999px}.skip:focus{left:12px;top:12px;background:#fff;padding:8px;z-index:9}
.site-h{background:var(--bg);border-bottom:1px solid rgba(0,0,0,.08)}.site-h .wrap{display:flex;align-items:center;justify-content:space-between;gap:16px;min-height:64px;flex-wrap:wrap}
.brand{display:flex;align-items:center;gap:10px;font:700 1.15rem var(--hf);color:var(--text);text-decoration:none}.brand img{height:40px;width:auto}
.site-h nav ul{display:flex;gap:4px 18px;list-style:none;margin:0;padding:0;flex-wrap:wrap}.site-h nav a{color:var(--text);text-decoration:none;font-weight:600;display:inline-block;padding:10px 0}.site-h nav a:hover{color:var(--s);text-decoration:underline}
.btn{display:inline-block;background:var(--p);color:var(--on-p);font:600 1rem var(--bf);border:0;border-radius:var(--r);padding:12px 22px;min-height:48px;text-decoration:none;cursor:pointer}.btn:hover{filter:brightness(.93)}
.btn.inverse{background:var(--on-s);color:var(--s)}
.hero{position:relative;background:var(--s);color:var(--on-s);padding:calc(var(--space)*1.3) 0;overflow:hidden}.hero .wrap{position:relative;max-width:1120px}.hero.center{text-align:center}
.hero .lead{font-size:1.2rem;max-width:40em;margin:0 0 1.4em}.hero.center .lead{margin-left:auto;margin-right:auto}.hero.has-media{color:#fff}
.hero .bg{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}.hero.has-media::after{content:"";position:absolute;inset:0;background:linear-gradient(90deg,rgba(0,0,0,.72),rgba(0,0,0,.35))}.hero.has-media .wrap{z-index:1}
.block{padding:var(--space) 0}.block.alt{background:var(--surface)}.prose{max-width:760px}.muted,.m{color:#4a5561}.alt .m,.alt .muted{color:#3f4954}
.jobsearch{display:grid;gap:12px;background:#fff;border:1px solid rgba(0,0,0,.12);border-radius:12px;padding:16px;box-shadow:0 6px 24px rgba(0,0,0,.06)}
.jobsearch label{display:block;font-weight:600;font-size:.9rem;margin-bottom:4px}.jobsearch input{width:100%;font:inherit;padding:11px 12px;border:1px solid #6b7580;border-radius:8px;min-height:48px;color:#1b1f24;background:#fff}.jobsearch .btn{width:100%}
.jobs{list-style:none;margin:0;padding:0;display:grid;gap:12px}.job a{display:flex;flex-direction:column;gap:2px;background:#fff;border:1px solid rgba(0,0,0,.1);border-radius:10px;padding:14px 16px;text-decoration:none;color:var(--text)}
.job a:hover{border-color:var(--p)}.job .t,.tiles .t{font-weight:700;color:var(--s);font-size:1.05rem}.more{font-weight:600}
.tiles,.places{list-style:none;margin:0;padding:0;display:grid;gap:12px;grid-template-columns:repeat(auto-fill,minmax(220px,1fr))}.tiles a,.places a{display:flex;flex-direction:column;height:100%;background:#fff;border:1px solid rgba(0,0,0,.1);border-radius:10px;padding:16px;text-decoration:none;color:var(--text)}
.cards{list-style:none;margin:0;padding:0;display:grid;gap:16px;grid-template-columns:repeat(auto-fit,minmax(240px,1fr))}.card{background:#fff;border-radius:12px;padding:20px;box-shadow:0 1px 3px rgba(0,0,0,.1);margin:0}
.quote blockquote{margin:0 0 12px;font-size:1.1rem}.stats{list-style:none;margin:0;padding:0;display:grid;gap:16px;grid-template-columns:repeat(auto-fit,minmax(160px,1fr))}.stats strong{display:block;font:800 2.4rem var(--hf);color:var(--s)}
.cta{background:var(--s);color:var(--on-s);text-align:center}.cta a:not(.btn){color:inherit}
details{border-bottom:1px solid rgba(0,0,0,.12);padding:12px 0}summary{cursor:pointer;font-weight:700;min-height:32px}
.strip{list-style:none;margin:0;padding:0 0 8px;display:grid;grid-auto-flow:column;grid-auto-columns:minmax(220px,1fr);gap:16px;overflow-x:auto;scroll-snap-type:x mandatory}.person{padding:0;overflow:hidden;scroll-snap-align:start}
.person video{display:block;width:100%;aspect-ratio:3/4;object-fit:cover;background:#111}.person p{margin:0;padding:12px 14px}.media{display:block;width:100%;border-radius:12px;background:#111}
figure{margin:0}.page-title{padding-top:24px}figcaption{color:#4a5561;font-size:.95rem;margin-top:6px}
.site-f{background:#14181d;color:#e8ecf0;padding:32px 0;font-size:.95rem}.site-f a{color:#fff}.site-f ul{display:flex;flex-wrap:wrap;gap:8px 20px;list-style:none;margin:0 0 12px;padding:0}.site-f a{display:inline-block;padding:6px 0}
.choices{list-style:none;margin:0;padding:0;display:grid;gap:12px;grid-template-columns:repeat(auto-fill,minmax(220px,1fr))}.choices a{display:block;background:#fff;border:2px solid rgba(0,0,0,.12);border-radius:12px;padding:16px;text-decoration:none;color:var(--text);height:100%}
.choices a[aria-current=true]{border-color:var(--p);box-shadow:0 0 0 3px var(--p) inset}.choices .t{font-weight:700;color:var(--s);display:block}
@media (min-width:760px){.jobsearch{grid-template-columns:2fr 2fr auto;align-items:end}.jobsearch .btn{width:auto}.jobs{grid-template-columns:1fr 1fr}}`;

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
  const image = o.ogImage ?? social.image ?? logo;
  const keywords = t?.seo?.keywords ?? [];
  const scripts =
    o.scriptsFor != null ? (t?.customScripts ?? []).filter((s) => !s.pages.length || s.pages.some((p) => p.toLowerCase() === o.scriptsFor?.toLowerCase())) : [];
  const headScripts = scripts.filter((s) => s.placement === 'head').map((s) => html`<script src="${s.src}" defer></script>`);
  const bodyScripts = scripts.filter((s) => s.placement !== 'head').map((s) => html`<script src="${s.src}" defer></script>`);
  const headerLinks = links(ctx, o.header, [{ label: 'Jobs', href: '/search-page' }]);
  const footerLinks = links(ctx, o.footer, [{ label: 'All jobs', href: '/search-page' }]);
  const footerText = typeof o.footer?.props.text === 'string' && o.footer.props.text ? o.footer.props.text : `© ${new Date().getFullYear()} ${c.name}`;
  const page = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${o.title}</title><meta name="description" content="${o.description}">${keywords.length ? html`<meta name="keywords" content="${keywords.join(', ')}">` : ''}
<link rel="canonical" href="${o.canonical}"><meta name="robots" content="${o.noindex ? 'noindex' : 'index,follow'}">
<meta property="og:type" content="website"><meta property="og:title" content="${social.title || o.title}"><meta property="og:description" content="${social.description || o.description}">
<meta property="og:url" content="${o.canonical}"><meta property="og:site_name" content="${c.name}">${image ? html`<meta property="og:image" content="${image}">` : ''}
<meta name="twitter:card" content="${social.twitterCard || (image ? 'summary_large_image' : 'summary')}"><meta name="twitter:title" content="${social.title || o.title}"><meta name="twitter:description" content="${social.description || o.description}">${
    social.twitterSite ? html`<meta name="twitter:site" content="${social.twitterSite}">` : ''
  }${image ? html`<meta name="twitter:image" content="${image}">` : ''}
<link rel="icon" href="${favicon}">
<style>${raw(designCss(o.design))}${raw(CSS)}</style>${o.jsonLd ? html`<script type="application/ld+json">${jsonForScript(o.jsonLd)}</script>` : ''}${headScripts}
</head><body><a class="skip" href="#main">Skip to content</a><header class="site-h"><div class="wrap"><a class="brand" href="${home}">${logo ? html`<img src="${logo}" alt="" width="40" height="40">` : ''}<span>${c.name}</span></a>${
    headerLinks.length ? html`<nav aria-label="Site"><ul>${headerLinks.map((l) => html`<li><a href="${l.to}">${l.label}</a></li>`)}</ul></nav>` : ''
  }</div></header>
<main id="main">${o.body}</main>
<footer class="site-f"><div class="wrap">${footerLinks.length ? html`<ul>${footerLinks.map((l) => html`<li><a href="${l.to}">${l.label}</a></li>`)}</ul>` : ''}${
    (t?.socialNetworks ?? []).length
      ? html`<ul aria-label="Social networks">${(t?.socialNetworks ?? []).map((s) => html`<li><a href="${s.url}" rel="noopener">${s.network}</a></li>`)}</ul>`
      : ''
  }<p>${footerText}</p></div></footer>${bodyScripts}</body></html>`;
  return page.value;
}
