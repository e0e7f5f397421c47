import type { Design, SiteFont } from './site-builder.ts';

/**
 * The career-site stylesheet (decision 0030): one copy for the server-rendered pages
 * (apps/server/src/sites/page-shell.ts) and the editor's preview (apps/web features/site-builder), so
 * what a recruiter sees is what visitors get. Mobile first; the client's design arrives as CSS
 * variables from designCss().
 */
const FONT_STACK: Record<string, string> = {
  System: 'system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif',
};

/**
 * §9's licensed fonts, which we may not serve: each is drawn with the closest free face we do serve
 * (same proportions and feel: Campton and Gotham are geometric, Avenir a soft geometric, Kelson a
 * narrow humanist sans with straight ends). The name is kept in the design so the choice reads as made.
 */
export const LICENSED_FONTS = { Campton: 'Poppins', Avenir: 'Nunito Sans', Gotham: 'Montserrat', Kelson: 'Source Sans Pro' } as const;
export type LicensedFont = keyof typeof LICENSED_FONTS;
const isLicensed = (f: string): f is LicensedFont => Object.hasOwn(LICENSED_FONTS, f);
/** The face a font is drawn with: the free stand-in of a licensed name, else the font itself. */
export const drawnWith = (f: string): string => (isLicensed(f) ? LICENSED_FONTS[f] : f);
export const fontStack = (f: string) => {
  const face = drawnWith(f);
  return FONT_STACK[face] ? FONT_STACK[face] : `"${face}",${FONT_STACK.System}`;
};

/** A font we serve ourselves: every one of §9's list but System (loads nothing) and the licensed names (drawn with a stand-in). */
export type WebFont = Exclude<SiteFont, 'System' | LicensedFont>;
interface FontFiles {
  /** The npm package `@fontsource/<pkg>` the files come from (apps/server serves them). */
  pkg: string;
  /** The weights we ship: regular and bold, or the one a display face has. */
  weights: readonly number[];
  /** The licensed §9 font this open one stands in for (shown in the portal's font picker). */
  like?: string;
}

/**
 * The files of each font: Fontsource's latin subset, woff2 only, served from our own
 * host at SITE_FONTS_PATH (DESIGN.md: no third-party loads on career sites; CSP font-src 'self').
 * A Record over the enum, so a font added to siteFonts without files does not compile.
 */
export const SITE_FONT_FILES: Record<WebFont, FontFiles> = {
  Inter: { pkg: 'inter', weights: [400, 700] },
  Lato: { pkg: 'lato', weights: [400, 700] },
  'Open Sans': { pkg: 'open-sans', weights: [400, 700] },
  Roboto: { pkg: 'roboto', weights: [400, 700] },
  Poppins: { pkg: 'poppins', weights: [400, 700], like: 'Campton' },
  'Noto Sans': { pkg: 'noto-sans', weights: [400, 700] },
  Figtree: { pkg: 'figtree', weights: [400, 700] },
  Anton: { pkg: 'anton', weights: [400] },
  Khand: { pkg: 'khand', weights: [400, 700] },
  // The widgets' default font (§3); Source Sans 3 is Adobe's current release of Source Sans Pro, under the old name here.
  'Source Sans Pro': { pkg: 'source-sans-3', weights: [400, 700], like: 'Kelson' },
  Montserrat: { pkg: 'montserrat', weights: [400, 700], like: 'Gotham' },
  'Nunito Sans': { pkg: 'nunito-sans', weights: [400, 700], like: 'Avenir' },
};

/** Where the font files are served, on the product host and on every custom domain alike. */
export const SITE_FONTS_PATH = '/site-fonts';
/** The career sites' shared stylesheet is served under this path (named by its content's hash). */
export const SITE_ASSETS_PATH = '/site-assets';
/** Fontsource's own file name, e.g. `lato-latin-400-normal.woff2`. */
export const fontFileName = (pkg: string, weight: number) => `${pkg}-latin-${weight}-normal.woff2`;
const isWebFont = (f: string): f is WebFont => Object.hasOwn(SITE_FONT_FILES, f);
/** The address of one weight of a font, or null for System (or anything unknown). */
export function fontUrl(name: string, weight = 400): string | null {
  const font = drawnWith(name);
  if (!isWebFont(font)) return null;
  const files = SITE_FONT_FILES[font];
  return files.weights.includes(weight) ? `${SITE_FONTS_PATH}/${fontFileName(files.pkg, weight)}` : null;
}
/** The portal's name for a font: a stand-in says which licensed font it replaces, a licensed name which face draws it. */
export const fontLabel = (f: SiteFont) =>
  f === 'System'
    ? 'System (fastest)'
    : isLicensed(f)
      ? `${f} (drawn with ${LICENSED_FONTS[f]}, the closest free face)`
      : SITE_FONT_FILES[f].like
        ? `${f} (close to ${SITE_FONT_FILES[f].like})`
        : f;

/** Fontsource's "latin" unicode-range: text outside it falls back to the system font instead of a missing glyph. */
const LATIN =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';

/**
 * `@font-face` rules for these fonts (System and unknown names give none). A browser downloads a
 * face only when text uses it. `font-display: swap` shows text at once in the fallback. A family
 * with one weight (Anton) declares it for every weight, so headings are never faux-bolded.
 * `base` is the origin the files come from when the rules run on another site (the widget script).
 */
export function fontFacesCss(fonts: readonly string[], base = ''): string {
  return [...new Set(fonts.map(drawnWith))]
    .filter(isWebFont)
    .flatMap((f) => {
      const { weights } = SITE_FONT_FILES[f];
      return weights.map(
        (w) =>
          `@font-face{font-family:"${f}";font-style:normal;font-weight:${weights.length === 1 ? '100 900' : w};font-display:swap;src:url(${base}${fontUrl(f, w)}) format("woff2");unicode-range:${LATIN}}`,
      );
    })
    .join('');
}
/**
 * A widget's font as its three drawings (the iframe page, the script embed, the portal's preview) draw
 * it: the family to name (a licensed name's free stand-in) and the `@font-face` rules of its files,
 * addressed from `base` (the widget's own server: the script embed runs on the customer's site). A
 * stored name we do not serve (widgets saved before the list) draws nothing new: named as it is, then
 * the system font, as before.
 */
export const widgetFont = (font: string, base = '') => ({ family: drawnWith(font), faces: fontFacesCss([font], base) });
/** The `@font-face` rules a design needs: its heading and body fonts only. */
export const fontFaceCss = (d: Pick<Design, 'headingFont' | 'bodyFont'>) => fontFacesCss([d.headingFont, d.bodyFont]);
/**
 * The files worth preloading (none for System): the body font's regular weight (most of the text)
 * and its bold, which the header's links, buttons and labels use (600 and up). Measured with
 * Lighthouse on the demo site: with the regular file alone, the bold one is found only after the
 * first paint, the header's links re-wrap when it arrives, and the page scores 90 (CLS 0.2).
 */
export const fontPreloadUrls = (d: Pick<Design, 'bodyFont'>) => [400, 700].map((w) => fontUrl(d.bodyFont, w)).filter((u): u is string => u !== null);

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

export function designCss(d: Design): string {
  const radius = d.buttonStyle === 'pill' ? '999px' : d.buttonStyle === 'square' ? '2px' : '8px';
  const space = d.spacing === 'compact' ? '32px' : d.spacing === 'airy' ? '80px' : '56px';
  const c = d.colors;
  return `:root{--p:${c.primary};--on-p:${readableOn(c.primary)};--s:${c.secondary};--on-s:${readableOn(c.secondary)};--text:${c.text};--bg:${c.background};--surface:${c.surface};--r:${radius};--space:${space};--hf:${fontStack(d.headingFont)};--bf:${fontStack(d.bodyFont)}}`;
}

export const SITE_CSS = `*{box-sizing:border-box}html{-webkit-text-size-adjust:100%}body{margin:0;font:17px/1.6 var(--bf);color:var(--text);background:var(--bg)}
img,video{max-width:100%;height:auto}h1,h2,h3{font-family:var(--hf);line-height:1.2;margin:0 0 .6em}h1{font-size:clamp(2rem,6vw,3.4rem)}h2{font-size:clamp(1.5rem,3.5vw,2.2rem)}h3{font-size:1.15rem}
a{color:var(--s)}a:focus-visible,button:focus-visible,input:focus-visible,summary:focus-visible{outline:3px solid var(--p);outline-offset:2px}
.wrap{max-width:1120px;margin:0 auto;padding:0 20px}.narrow{max-width:760px}.skip{position:absolute;left:-9999px}.skip:focus{left:12px;top:12px;background:#fff;padding:8px;z-index:9}
.site-h{background:var(--bg);border-bottom:1px solid rgba(0,0,0,.08)}.site-h .wrap{display:flex;align-items:center;justify-content:space-between;gap:4px 16px;min-height:64px;flex-wrap:wrap;padding-top:8px;padding-bottom:8px}
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
@media (min-width:760px){.jobsearch{grid-template-columns:2fr 2fr auto;align-items:end}.jobsearch .btn{width:auto}.jobs{grid-template-columns:1fr 1fr}}
.btn.ghost{background:#fff;color:var(--text);border:1px solid #6b7580}.btn.wide{display:block;width:100%;text-align:center}
.searchbar select,.apply-form select{appearance:none;background-image:linear-gradient(45deg,transparent 50%,currentColor 50%),linear-gradient(135deg,currentColor 50%,transparent 50%);background-position:calc(100% - 19px) 55%,calc(100% - 14px) 55%;background-size:5px 5px;background-repeat:no-repeat;padding-right:36px}
.search-top{background:var(--surface);border-bottom:1px solid rgba(0,0,0,.08);padding:14px 0 16px}.search-top h1{font-size:clamp(1.45rem,4.5vw,2.4rem);margin:0 0 10px}
.searchbar{display:grid;grid-template-columns:1fr auto;gap:8px;background:#fff;border:1px solid rgba(0,0,0,.12);border-radius:14px;padding:10px;box-shadow:0 6px 24px rgba(0,0,0,.06)}.searchbar .kw,.searchbar .filters{grid-column:1/-1}.searchbar .go{align-self:end}
.searchbar label,.apply-form label,.apply-form legend{display:block;font-weight:600;font-size:.9rem;margin-bottom:3px}.searchbar input,.searchbar select,.apply-form input,.apply-form select{width:100%;font:inherit;font-size:1rem;padding:10px 12px;border:1px solid #6b7580;border-radius:8px;min-height:46px;color:#1b1f24;background-color:#fff}
.filters{border:0;padding:0}.filters>summary{display:inline-flex;align-items:center;gap:8px;min-height:44px;padding:0 16px;border:1px solid #6b7580;border-radius:var(--r);font-weight:600;list-style:none;background:#fff}.filters>summary::-webkit-details-marker{display:none}
.filters>summary::before{content:"";width:16px;height:12px;background:linear-gradient(currentColor,currentColor) top/100% 2px no-repeat,linear-gradient(currentColor,currentColor) center/66% 2px no-repeat,linear-gradient(currentColor,currentColor) bottom/33% 2px no-repeat}
.filters .count{background:var(--p);color:var(--on-p);border-radius:999px;padding:0 8px;font-size:.8rem}.filter-grid{display:grid;grid-template-columns:1fr 1fr;gap:10px;padding-top:10px}
.check{display:flex;align-items:center;gap:10px;min-height:46px;align-self:end}.searchbar .check input,.apply-form .choice input{width:22px;height:22px;min-height:0;margin:0;accent-color:var(--p)}.searchbar .check label{margin:0;font-size:1rem}.apply-f{align-self:end}.apply-f .btn{width:100%}
.results-layout{display:grid;gap:24px;padding-top:18px;padding-bottom:var(--space)}.results{min-width:0}.results-head{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:0 16px}.results-head h2{font-size:1.15rem;margin:0 0 12px}.clear{font-weight:600}
ul.results-list{grid-template-columns:1fr;gap:10px}.job-card{position:relative;background:#fff;border:1px solid rgba(0,0,0,.1);border-radius:12px;padding:14px 16px;transition:border-color .15s,box-shadow .15s}.job-card:hover{border-color:var(--p);box-shadow:0 4px 16px rgba(0,0,0,.07)}
.job-card h3{margin:0 0 4px;font-size:1.1rem}.job-card h3 a{color:var(--s);text-decoration:none}.job-card h3 a::after{content:"";position:absolute;inset:0;border-radius:12px}.job-card h3 a:focus-visible{outline:none}.job-card:focus-within{outline:3px solid var(--p);outline-offset:2px}
.meta{color:#4a5561;font-size:.95rem;margin:0}.job-card .pay{margin:6px 0 0;font-weight:600;font-size:.95rem}.empty{background:#fff;border:1px dashed #6b7580;border-radius:12px;padding:20px}
.facets{background:#fff;border:1px solid rgba(0,0,0,.1);border-radius:12px;padding:6px 18px 14px;align-self:start}.facets h2{font-size:1rem;margin:14px 0 2px}.facets ul{list-style:none;margin:0;padding:0}.facets li{display:flex;justify-content:space-between;gap:8px}
.facets a{display:inline-block;padding:7px 0;color:var(--text)}.facets a[aria-current]{font-weight:700;color:var(--s)}.facets .n{color:#4a5561;font-variant-numeric:tabular-nums;padding:7px 0}.pager{display:flex;justify-content:space-between;align-items:center;gap:8px;margin:20px 0}.pager a{padding:10px 0;font-weight:600}
.crumbs a{display:inline-block;padding:12px 0 4px;font-weight:600;text-decoration:none}.crumbs a:hover{text-decoration:underline}.job-layout{display:grid;gap:24px}.job-main{min-width:0}
.job-head{padding:4px 0 8px}.eyebrow{margin:0 0 4px;font-weight:700;color:var(--s);text-transform:uppercase;letter-spacing:.06em;font-size:.8rem}.job-head h1{font-size:clamp(1.7rem,5vw,2.7rem);margin:0 0 12px}
.facts{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:8px}.facts li{background:var(--surface);border:1px solid rgba(0,0,0,.1);border-radius:999px;padding:3px 12px;font-size:.95rem}.facts .pay{font-weight:600}
.job-desc{padding-top:8px}.job-desc h2,.team-inline h2{font-size:1.35rem}.desc{overflow-wrap:anywhere;max-width:46em}.team-inline{padding:24px 0 8px}.team-inline .strip{grid-auto-columns:minmax(180px,220px)}
.apply-bar{position:sticky;bottom:0;z-index:5;margin:16px -20px 0;padding:10px 20px calc(10px + env(safe-area-inset-bottom));background:#fff;border-top:1px solid rgba(0,0,0,.12);box-shadow:0 -6px 18px rgba(0,0,0,.08)}.apply-bar .btn{display:block;width:100%;text-align:center}
.job-side{display:none}.side-card{background:#fff;border:1px solid rgba(0,0,0,.1);border-radius:14px;padding:20px;box-shadow:0 6px 24px rgba(0,0,0,.06)}.side-t{font:700 1.1rem var(--hf);margin:0 0 8px}
.side-card dl{margin:0 0 16px}.side-card dl div{display:flex;justify-content:space-between;gap:12px;padding:8px 0;border-bottom:1px solid rgba(0,0,0,.08)}.side-card dt{color:#4a5561}.side-card dd{margin:0;font-weight:600;text-align:right}
.apply-section{background:var(--surface);padding:calc(var(--space)*.75) 0;scroll-margin-top:8px}.apply-form{padding:20px;scroll-margin-top:12px}.apply-form .field{margin-bottom:16px}.req-note{margin:0 0 12px;color:#4a5561;font-size:.95rem}
.choice{border:1px solid rgba(0,0,0,.15);border-radius:10px;padding:8px 14px 4px;margin:0 0 16px}.choice label{display:flex;align-items:center;gap:10px;font-weight:400;min-height:40px}
.apply-form input[type=file]{padding:8px;background:var(--surface)}.field-error{color:#8c1d18;font-weight:600;margin:0 0 4px}.apply-form [aria-invalid=true]{border:2px solid #b3261e}.has-error{border-left:4px solid #b3261e;padding-left:12px}
.error-summary{border:2px solid #b3261e;border-radius:12px;padding:12px 16px;margin-bottom:18px;background:#fff6f5;color:#1b1f24}.error-summary p{margin:0}.error-summary ul{margin:8px 0 0;padding-left:20px}.error-summary a{color:#8c1d18;font-weight:600}
.note{margin:6px 0 0;font-size:.95rem;color:#4a5561}.apply-form .submit{width:100%;margin-top:8px}.thanks .back{color:inherit;margin-left:12px;font-weight:600}
.team-hero{padding:calc(var(--space)*.9) 0}.dep-nav{list-style:none;margin:18px 0 0;padding:0;display:flex;flex-wrap:wrap;gap:8px}.dep-nav a{display:inline-block;padding:6px 14px;border-radius:999px;border:1px solid currentColor;color:inherit;text-decoration:none;font-weight:600}.dep-nav a:hover{background:var(--on-s);color:var(--s)}
.team-page{padding-top:8px;padding-bottom:var(--space)}.dep{padding-top:calc(var(--space)*.6)}.dep-h{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:4px 16px;border-bottom:3px solid var(--p);margin-bottom:18px}.dep-h h2{margin:0 0 8px;scroll-margin-top:12px}
.dep-jobs{display:inline-block;font-weight:700;padding:8px 0;text-decoration:none}.dep-jobs:hover{text-decoration:underline}
.team-grid,.team-strip,.team-list{list-style:none;margin:0;padding:0;display:grid;gap:20px}.team-grid{grid-template-columns:repeat(auto-fill,minmax(250px,1fr))}.team-strip{grid-auto-flow:column;grid-auto-columns:minmax(230px,260px);overflow-x:auto;scroll-snap-type:x mandatory;padding-bottom:8px}
.team-list .person{display:grid;grid-template-columns:1fr;align-items:start}.person .info{padding:12px 16px 16px}.person .info p{padding:0}.person .info h3{margin:0}.person .info .m{margin:2px 0 0}.person .q{font-style:italic;margin:8px 0 0}.facts-t{color:#4a5561;font-size:.92rem;margin:8px 0 0}
.more-videos{border:0;padding:8px 0 0}.more-videos ul{list-style:none;margin:0;padding:0;display:grid;gap:12px}.more-videos video{aspect-ratio:4/3}
@media (min-width:760px){.team-list .person{grid-template-columns:minmax(220px,300px) 1fr}.team-list .person .info{padding:20px 24px}}
/* core spec §9: the reCAPTCHA badge is hidden (the form carries Google's notice instead) */.grecaptcha-badge{visibility:hidden}
@media (min-width:760px){.searchbar{grid-template-columns:2fr 2fr auto;align-items:end;padding:14px}.searchbar .kw{grid-column:auto}.filters>summary{display:none}.filters::details-content{content-visibility:visible;display:block}
.filter-grid{grid-template-columns:repeat(4,minmax(0,1fr)) auto auto;align-items:end}.results-layout{grid-template-columns:260px minmax(0,1fr)}.facets{grid-column:1;grid-row:1}.results{grid-column:2}ul.results-list{grid-template-columns:1fr}
.apply-form .two{display:grid;grid-template-columns:1fr 1fr;gap:0 16px}.apply-form .submit{width:auto}.apply-form{padding:28px}}
@media (min-width:960px){.job-layout{grid-template-columns:minmax(0,1fr) 320px;gap:40px;align-items:start}.job-side{display:block;position:sticky;top:16px;margin-top:36px}.apply-bar{display:none}}`;
