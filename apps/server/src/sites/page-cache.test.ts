import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../db/schema/core.ts';
import { encodePage } from '../plugins/page-bytes.ts';
import { createJobViaApi, createTenant, setupTestApp, type TestApp } from '../../test/helpers.ts';

/**
 * The public page cache (docs/decisions/0600-public-page-cache.md) and core §2 on every page:
 * validators and 304s, inline scripts allowed by hash so a page is the same bytes for every visitor and
 * is kept compressed (a page with a client's scripts by URL keeps a per-response nonce: published.test.ts), 404 at once for a job
 * that does not exist, 410 for a closed one, and the utm and legacy-parameter rules on every page.
 */
let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
let open: { _id: string; url: string };
let closed: { _id: string; url: string };
const utm = 'utm_source=careersite&utm_medium=organic';
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
/** The CSP sources that allow a page's inline scripts (JSON-LD is data, not a script): one SHA-256 hash each. */
const hashesOf = (body: string) =>
  [...body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] as string, 'utf8')
        .digest('base64')}'`,
  );

/**
 * A page rendered, then served from the cache. A job just created may still change once more in the
 * background and drop its first render: start again (dropping the client's pages) until a render is
 * stored and the next request is a hit.
 */
async function renderedThenCached(url: string) {
  const stats = t.app.authCache.pages.stats;
  for (let i = 0; i < 30; i++) {
    t.app.authCache.pages.invalidate(A.client.id);
    const stores = stats.stores;
    const miss = await get(url);
    const rendered = stats.stores === stores + 1;
    const hits = stats.hits;
    const hit = await get(url);
    if (rendered && stats.hits === hits + 1) return { miss, hit };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} was not rendered and then served from the cache`);
}

beforeAll(async () => {
  t = await setupTestApp();
  A = await createTenant(t.app);
  await t.app.db.update(clients).set({ utmSource: 'careersite', utmMedium: 'organic' }).where(eq(clients.id, A.client.id));
  open = await createJobViaApi(t.app, A.staffAuth.headers, A.client.id, {
    title: 'Night Charge Nurse',
    description: `<p>${'Lead the night shift on a busy ward. '.repeat(40)}</p>`,
  });
  await createJobViaApi(t.app, A.staffAuth.headers, A.client.id, { title: 'Day Charge Nurse' });
  closed = await createJobViaApi(t.app, A.staffAuth.headers, A.client.id, { title: 'Charge Nurse Float', status: 'closed' });
  // The page cache is used only while its listener is connected.
  for (let i = 0; i < 100 && !t.app.authCache.connected; i++) await new Promise((r) => setTimeout(r, 50));
  expect(t.app.authCache.connected).toBe(true);
});
afterAll(async () => {
  await t?.close();
});

describe('jobs that are not open', () => {
  it('answers a job that does not exist with 404 at once (no utm redirect first)', async () => {
    const res = await get(`/${A.client.nameSlug}/job/nursing/nurse/austin-tx/app/00000000-0000-4000-8000-000000000000`);
    expect(res.statusCode).toBe(404);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('This job could not be found');
  });

  it('answers a closed job 410 with the search box and similar open jobs, and no JobPosting', async () => {
    const res = await get(closed.url);
    expect(res.statusCode).toBe(410);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('This job is no longer available');
    expect(res.body).toContain(`action="/${A.client.nameSlug}/search-page" role="search"`);
    expect(res.body).toContain('Similar open jobs');
    expect(res.body).toContain('Night Charge Nurse');
    expect(res.body).not.toContain('JobPosting');
    expect(res.body).not.toContain('application/ld+json');
  });

  it('answers a malformed job id 404, not a redirect to the search page', async () => {
    for (const url of [`/${A.client.nameSlug}/job/nursing/nurse/austin-tx/app/not-a-job-id`, `/${A.client.nameSlug}/job/12345`]) {
      const res = await get(`${url}?${utm}`);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers.location, url).toBeUndefined();
      expect(res.body).toContain('This job could not be found');
    }
  });
});

describe('core §2 on every public page', () => {
  it("appends the client's utm values on the privacy page and the search page, in one redirect", async () => {
    for (const path of ['privacy', 'search-page']) {
      const res = await get(`/${A.client.nameSlug}/${path}`);
      expect(res.statusCode, path).toBe(302);
      expect(res.headers.location).toBe(`/${A.client.nameSlug}/${path}?${utm}`);
      expect((await get(res.headers.location as string)).statusCode).toBe(200);
    }
  });

  it('removes __VIEWSTATE, __VIEWSTATEGENERATOR and D1 from the site root in one redirect', async () => {
    const res = await get(`/${A.client.nameSlug}?__VIEWSTATE=abc&__VIEWSTATEGENERATOR=x&D1=x`);
    expect(res.statusCode).toBe(302);
    const to = new URL(res.headers.location as string, 'http://x');
    expect(to.pathname).toBe(`/${A.client.nameSlug}/search-page`);
    expect([...to.searchParams.keys()].sort()).toEqual(['utm_medium', 'utm_source', 'v']);
  });

  it('removes the legacy parameters from the privacy page with a 301', async () => {
    const res = await get(`/${A.client.nameSlug}/privacy?__VIEWSTATE=abc&D1=x&${utm}`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/${A.client.nameSlug}/privacy?${utm}`);
  });
});

describe('the page cache', () => {
  it('sends ETag and Last-Modified and answers a revalidation 304 without a body, with the same CSP', async () => {
    const url = `/${A.client.nameSlug}/search-page?keywords=charge&${utm}`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]{22}"$/);
    expect(first.headers['last-modified']).toBeTruthy();
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=60');
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(again.headers.etag).toBe(etag);
    const since = await get(url, { 'if-modified-since': first.headers['last-modified'] as string });
    expect(since.statusCode).toBe(304);
    // A copy that is not the current one gets the page.
    expect((await get(url, { 'if-none-match': 'W/"old"' })).statusCode).toBe(200);
  });

  it('serves the job page from the cache as the same bytes for every visitor, its inline scripts allowed by their hashes', async () => {
    const url = `${open.url}?${utm}`;
    const stats = t.app.authCache.pages.stats;
    const a = await get(url);
    const hitsBefore = stats.hits;
    const b = await get(url);
    expect(stats.hits).toBe(hitsBefore + 1);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.body).toBe(a.body);
    expect(a.headers.etag).toBe(b.headers.etag);
    // The apply form's script (and the captcha solver's) inline, without a nonce, each allowed by its hash and nothing else.
    const hashes = hashesOf(a.body);
    expect(hashes.length).toBeGreaterThan(0);
    expect(a.body).not.toContain('nonce=');
    const scriptSrc = /script-src ([^;]*)/.exec(String(a.headers['content-security-policy']))?.[1];
    expect(scriptSrc).toBe(`'self' ${hashes.join(' ')} https://www.googletagmanager.com https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/`);
    expect(b.headers['content-security-policy']).toBe(a.headers['content-security-policy']);
  });

  it('keeps a cached page compressed: br or gzip as the browser asks, the same page once decoded', async () => {
    const url = `${open.url}?${utm}`;
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // The compressed forms are made off the request thread once the page is stored: the first answers may be compressed per response.
    await t.app.authCache.pages.encoded();
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(br.headers.vary).toBe('accept-encoding');
    const gz = await get(url, { 'accept-encoding': 'br;q=0, gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    expect(Number(gz.headers['content-length'])).toBe(gz.rawPayload.length);
    expect((await get(url, { 'accept-encoding': 'identity' })).body).toBe(plain.body);
    // The stored forms, not a compression per response (the plugin's brotli level makes other bytes).
    const stored = await encodePage(plain.rawPayload);
    expect(br.rawPayload.equals(stored.br)).toBe(true);
    expect(gz.rawPayload.equals(stored.gzip)).toBe(true);
  });

  it('sends a cached page as its stored bytes: non-ASCII text intact, the right Content-Length, HEAD without a body', async () => {
    const job = await createJobViaApi(t.app, A.staffAuth.headers, A.client.id, {
      title: 'Pflegefachkraft Zürich – Nachtdienst',
      description: '<p>Café, crèche and a 5 € meal voucher · 24/7 ✓</p>',
    });
    const url = `${job.url}?${utm}`;
    const { miss, hit } = await renderedThenCached(url);
    expect(hit.headers.etag).toBe(miss.headers.etag);
    for (const res of [miss, hit]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.body).toContain('<h1>Pflegefachkraft Zürich – Nachtdienst</h1>');
      expect(res.body).toContain('Café, crèche and a 5 € meal voucher · 24/7 ✓');
      expect(res.body).toContain('<script>');
      expect(res.body).not.toMatch(/csp-nonce-[0-9a-f]{24}/);
    }
    expect(hit.body).toBe(miss.body);
    const head = await t.app.inject({ method: 'HEAD', url, headers: { accept: 'text/html' } });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers.etag).toBe(hit.headers.etag);
    expect(head.headers['content-security-policy']).toBe(hit.headers['content-security-policy']);
  });

  it('answers a revalidation of a cached job page 304 (If-None-Match, then If-Modified-Since), and a changed job 200', async () => {
    const url = `${open.url}?${utm}`;
    const page = await get(url);
    expect(page.statusCode).toBe(200);
    const etag = page.headers.etag as string;
    const stats = t.app.authCache.pages.stats;
    const hits = stats.hits;
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(stats.hits).toBe(hits + 1);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    expect((await get(url, { 'if-modified-since': page.headers['last-modified'] as string })).statusCode).toBe(304);
  });

  it('sends the same security headers, byte for byte, on a cached page as on its first render', async () => {
    const job = await createJobViaApi(t.app, A.staffAuth.headers, A.client.id, { title: 'Ward Clerk' });
    const { miss, hit } = await renderedThenCached(`${job.url}?${utm}`);
    const security = (h: Record<string, unknown>) => {
      const { etag, 'last-modified': _lm, date: _d, 'x-request-id': _id, 'content-length': _cl, ...rest } = h;
      return { ...rest, etag };
    };
    expect(security(hit.headers)).toEqual(security(miss.headers));
    expect(hit.headers['content-security-policy']).toBe(
      "default-src 'self';script-src 'self' " +
        hashesOf(hit.body).join(' ') +
        " https://www.googletagmanager.com https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/;style-src 'self' 'unsafe-inline';img-src 'self' data: blob: https:;media-src 'self' blob: https:;font-src 'self' data:;connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com https://www.googletagmanager.com https://www.google.com;frame-src 'self' blob: https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/;worker-src 'self' blob:;object-src 'none';base-uri 'self';frame-ancestors 'none'",
    );
    expect({
      coop: hit.headers['cross-origin-opener-policy'],
      corp: hit.headers['cross-origin-resource-policy'],
      referrer: hit.headers['referrer-policy'],
      nosniff: hit.headers['x-content-type-options'],
      dns: hit.headers['x-dns-prefetch-control'],
      download: hit.headers['x-download-options'],
      frame: hit.headers['x-frame-options'],
      xdomain: hit.headers['x-permitted-cross-domain-policies'],
      xss: hit.headers['x-xss-protection'],
    }).toEqual({
      coop: 'same-origin-allow-popups',
      corp: 'cross-origin',
      referrer: 'strict-origin-when-cross-origin',
      nosniff: 'nosniff',
      dns: 'off',
      download: 'noopen',
      frame: 'DENY',
      xdomain: 'none',
      xss: '0',
    });
  });

  it("keeps a crawler's copy apart: a visitor at the same address without utm values is still redirected to add them", async () => {
    const bot = { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' };
    const stats = t.app.authCache.pages.stats;
    expect((await get(open.url, bot)).statusCode).toBe(200);
    const hits = stats.hits;
    expect((await get(open.url, bot)).statusCode).toBe(200);
    expect(stats.hits).toBe(hits + 1);
    const visitor = await get(open.url);
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toBe(`${open.url}?${utm}`);
  });

  it("keeps the captcha challenge out of the cached page: the form's script fetches one per visitor", async () => {
    const page = await get(`${open.url}?${utm}`);
    const m = /data-challenge-url="([^"]+)"/.exec(page.body);
    expect(m?.[1]).toBe(`/${A.client.nameSlug}/apply/${open._id}/challenge`);
    const [c1, c2] = await Promise.all([get(m?.[1] as string), get(m?.[1] as string)]);
    expect(c1.statusCode).toBe(200);
    expect(c1.headers['cache-control']).toBe('no-store');
    expect(c1.json().parameters.keyPrefix).toBeTruthy();
    expect(c1.json().signature).not.toBe(c2.json().signature);
  });

  it('caches the public search reply: summaries by default, the full text when asked, 304 on revalidation', async () => {
    const url = `/api/search-jobs?nameSlug=${A.client.nameSlug}&keywords=night`;
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    const [job] = first.json().results;
    expect(job.title).toBe('Night Charge Nurse');
    expect(job.description.length).toBe(300);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    const full = await t.app.inject({ method: 'GET', url: `${url}&fullDescription=true` });
    expect(full.json().results[0].description.length).toBeGreaterThan(1000);
  });

  it('shows a portal edit on the next request of the same process', async () => {
    const url = `${open.url}?${utm}`;
    expect((await get(url)).body).toContain('Night Charge Nurse');
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/job/update',
      headers: A.staffAuth.headers,
      payload: { clientId: A.client.id, _id: open._id, title: 'Night Charge Nurse II' },
    });
    expect(res.statusCode).toBe(200);
    const after = await get(url);
    // The title is in the canonical address too: the old address still names the same job.
    expect(after.body).toContain('<h1>Night Charge Nurse II</h1>');
  });
});
