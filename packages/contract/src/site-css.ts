import type { Design } from './pages.ts';

/**
 * The career-site stylesheet (issue 13): one copy for the server-rendered pages
 * (apps/server/src/sites/page-shell.ts) and the editor's preview (apps/web features/editor), so
 * what a recruiter sees is what visitors get. Mobile first; the client's design arrives as CSS
 * variables from designCss().
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
@media (min-width:760px){.jobsearch{grid-template-columns:2fr 2fr auto;align-items:end}.jobsearch .btn{width:auto}.jobs{grid-template-columns:1fr 1fr}}`;
