import { design } from '@hh/contract/site-builder';
import { fontUrl, SITE_CSS, SITE_FONT_FILES } from '@hh/contract/site-css';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../db/schema/core.ts';
import { createTenant, setupTestApp, type TestApp } from '../../test/helpers.ts';

/**
 * The career sites' fonts are really loaded (core §9's font list): a design's heading and
 * body fonts get @font-face rules and preloads on its published pages, the files come from our own
 * host (product host and custom domain alike) from a fixed allow-list, and System loads nothing.
 */
let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
let D: Awaited<ReturnType<typeof createTenant>>; // custom domain, default design (System)
const DOMAIN = 'careers.fonts.example';
const LATO = '/site-fonts/lato-latin-400-normal.woff2';

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: A.staffAuth.headers, payload: payload as never });
const fontFaces = (body: string) => [...body.matchAll(/@font-face\{[^}]*\}/g)].map((m) => m[0]);

beforeAll(async () => {
  t = await setupTestApp();
  A = await createTenant(t.app);
  D = await createTenant(t.app);
  await t.app.db.update(clients).set({ domainURL: DOMAIN }).where(eq(clients.id, D.client.id));
  const template = await post('/api/page-templates/create', {
    clientId: A.client.id,
    pages: [
      { name: 'Home', content: { root: { props: { title: 'Home' } }, content: [{ type: 'Hero', props: { id: 'hero', title: 'Come and work with us' } }] } },
    ],
  });
  expect(template.statusCode, template.body).toBe(201);
  const templateId = template.json()._id;
  const design = await post('/api/page-design-options/create', {
    clientId: A.client.id,
    templateId,
    activeDesign: { headingFont: 'Poppins', bodyFont: 'Lato' },
  });
  expect(design.statusCode, design.body).toBe(201);
  expect((await post('/api/published-page-templates', { clientId: A.client.id, templateId, pageName: 'Home' })).statusCode).toBe(201);
});
afterAll(async () => t?.close());

describe('career-site fonts', () => {
  it("puts @font-face for the design's heading and body fonts, and preloads of the body font's files, on a published page", async () => {
    const res = await get(`/${A.client.nameSlug}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Come and work with us</h1>');
    const faces = fontFaces(res.body);
    expect(faces.map((f) => f.match(/src:url\(([^)]+)\)/)?.[1]).sort()).toEqual([
      LATO,
      '/site-fonts/lato-latin-700-normal.woff2',
      '/site-fonts/poppins-latin-400-normal.woff2',
      '/site-fonts/poppins-latin-700-normal.woff2',
    ]);
    for (const f of faces) {
      expect(f).toMatch(/font-family:"(Poppins|Lato)"/);
      expect(f).toContain('font-display:swap');
      expect(f).toContain('format("woff2")');
    }
    // The fonts are used: the stacks name them first.
    expect(res.body).toContain('--hf:"Poppins",');
    expect(res.body).toContain('--bf:"Lato",');
    // Preloads for the body font's files only (regular and bold), in CORS mode as fonts are always fetched.
    expect(res.body.match(/<link rel="preload"[^>]*>/g)).toEqual([
      `<link rel="preload" href="${LATO}" as="font" type="font/woff2" crossorigin>`,
      '<link rel="preload" href="/site-fonts/lato-latin-700-normal.woff2" as="font" type="font/woff2" crossorigin>',
    ]);
    // Nothing from a third party: the CSP still allows fonts from our own host only.
    expect(res.headers['content-security-policy']).toContain("font-src 'self' data:;");
    // The search page wears the same design.
    expect(fontFaces((await get(`/${A.client.nameSlug}/search-page`)).body)).toHaveLength(4);
  });

  it('serves an allow-listed font file as woff2 with a long immutable cache, on the product host and on a custom domain', async () => {
    for (const host of [undefined, DOMAIN]) {
      const res = await t.app.inject({ method: 'GET', url: LATO, headers: host ? { host } : {} });
      expect(res.statusCode, `${host}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['content-type']).toBe('font/woff2');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.length).toBeGreaterThan(1000);
      expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    }
    // Every font of the list has its files served (Anton, a display face, has its one weight only).
    for (const font of Object.keys(SITE_FONT_FILES) as (keyof typeof SITE_FONT_FILES)[]) {
      for (const w of SITE_FONT_FILES[font].weights) {
        const url = fontUrl(font, w);
        expect(url, `${font} ${w}`).toBeTruthy();
        expect((await t.app.inject({ method: 'GET', url: url as string })).statusCode, `${font} ${w}`).toBe(200);
      }
    }
    expect(fontUrl('Source Sans Pro', 700)).toBe('/site-fonts/source-sans-3-latin-700-normal.woff2'); // the widgets' default font (§3)
    expect(SITE_FONT_FILES.Anton.weights).toEqual([400]);
  });

  it('answers 404 for anything outside the allow-list, path traversal included', async () => {
    const bad = [
      '/site-fonts/lato-latin-500-normal.woff2', // in the package, not in the allow-list
      '/site-fonts/lato-latin-400-normal.woff', // woff2 only
      '/site-fonts/unknown.woff2',
      '/site-fonts/..%2F..%2Fpackage.json',
      '/site-fonts/%2e%2e%2f%2e%2e%2f%2e%2e%2fpackage.json',
      '/site-fonts/..%2Ffiles%2Flato-latin-400-normal.woff2',
      '/site-fonts/../../package.json',
      '/site-fonts/',
    ];
    for (const host of [undefined, DOMAIN]) {
      for (const url of bad) {
        const res = await t.app.inject({ method: 'GET', url, headers: host ? { host } : {} });
        expect(res.statusCode, `${host ?? 'product host'} ${url}`).toBe(404);
        expect(res.headers['content-type'] ?? '').not.toContain('font/');
      }
    }
  });

  it('still accepts every font a stored design may hold, with System the default', () => {
    const before = ['System', 'Inter', 'Lato', 'Open Sans', 'Roboto', 'Poppins', 'Noto Sans', 'Figtree', 'Anton', 'Khand'];
    for (const f of before) expect(design.parse({ headingFont: f, bodyFont: f })).toMatchObject({ headingFont: f, bodyFont: f });
    expect(design.parse({})).toMatchObject({ headingFont: 'System', bodyFont: 'System' });
    expect(design.safeParse({ bodyFont: 'Comic Sans' }).success).toBe(false);
  });

  it("accepts §9's licensed fonts in the design and widget calls and draws them with the closest free face", async () => {
    const E = await createTenant(t.app);
    const as = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: E.staffAuth.headers, payload: payload as never });
    const template = await as('/api/page-templates/create', {
      clientId: E.client.id,
      pages: [{ name: 'Home', content: { root: { props: { title: 'Home' } }, content: [{ type: 'Hero', props: { id: 'hero', title: 'Licensed fonts' } }] } }],
    });
    expect(template.statusCode, template.body).toBe(201);
    const templateId = template.json()._id;
    const saved = await as('/api/page-design-options/create', {
      clientId: E.client.id,
      templateId,
      activeDesign: { headingFont: 'Gotham', bodyFont: 'Kelson' },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().activeDesign).toMatchObject({ headingFont: 'Gotham', bodyFont: 'Kelson' });
    expect((await as('/api/published-page-templates', { clientId: E.client.id, templateId, pageName: 'Home' })).statusCode).toBe(201);
    const res = await get(`/${E.client.nameSlug}`);
    expect(res.statusCode).toBe(200);
    // Gotham is drawn with Montserrat, Kelson with Source Sans: their files, under their names.
    expect(res.body).toContain('--hf:"Montserrat",');
    expect(res.body).toContain('--bf:"Source Sans Pro",');
    expect(
      fontFaces(res.body)
        .map((f) => f.match(/src:url\(([^)]+)\)/)?.[1])
        .sort(),
    ).toEqual([
      '/site-fonts/montserrat-latin-400-normal.woff2',
      '/site-fonts/montserrat-latin-700-normal.woff2',
      '/site-fonts/source-sans-3-latin-400-normal.woff2',
      '/site-fonts/source-sans-3-latin-700-normal.woff2',
    ]);
    for (const f of ['Campton', 'Avenir'] as const) expect(design.parse({ headingFont: f })).toMatchObject({ headingFont: f });
    expect(fontUrl('Campton')).toBe('/site-fonts/poppins-latin-400-normal.woff2');
    expect(fontUrl('Avenir', 700)).toBe('/site-fonts/nunito-sans-latin-700-normal.woff2');
    // The widget calls take the name too.
    const widget = await as('/api/widget/create', { clientId: E.client.id, name: 'Fonts', font: 'Campton' });
    expect(widget.statusCode, widget.body).toBe(201);
    expect(JSON.stringify(widget.json())).toContain('"font":"Campton"');
  });

  it('loads no font for a System design', async () => {
    const res = await get('/search-page', { host: DOMAIN });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('--bf:system-ui,');
    expect(res.body).not.toContain('@font-face');
    expect(res.body).not.toContain('rel="preload"');
    expect(res.body).not.toContain('/site-fonts/');
  });
});

describe('the shared stylesheet', () => {
  it('is one file named by its content, linked after the design rules on every page, kept a year, on the product host and a custom domain', async () => {
    const page = await get(`/${A.client.nameSlug}/search-page?utm_source=careersite&utm_medium=organic`);
    expect(page.statusCode).toBe(200);
    const href = /<link rel="stylesheet" href="(\/site-assets\/site\.[\w-]{12}\.css)">/.exec(page.body)?.[1] as string;
    expect(href).toBeTruthy();
    // The design's variables come first, as when every rule was inline: the shared rules read them.
    expect(page.body.indexOf('<style>:root{')).toBeLessThan(page.body.indexOf(href));
    expect(page.body).not.toContain('*{box-sizing:border-box}');
    for (const headers of [{}, { host: DOMAIN }] as Array<Record<string, string>>) {
      const css = await get(href, headers);
      expect(css.statusCode).toBe(200);
      expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(css.body).toBe(SITE_CSS);
    }
    // Any other name (an old version, a path trick) is a 404.
    for (const other of ['/site-assets/site.AAAAAAAAAAAA.css', '/site-assets/..%2Fpackage.json', '/site-assets/'])
      expect((await get(other)).statusCode, other).toBe(404);
  });
});
