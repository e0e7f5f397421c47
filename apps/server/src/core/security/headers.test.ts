import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../db/schema/core.ts';
import { createTenant, setupTestApp, TEST_PASSWORD, type TestApp } from '../../../test/helpers.ts';

/** Every HTML route family sends the security headers, set in one place. */
let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
let jobUrl: string;
let widgetId: string;
const DOMAIN = 'careers.headers.example';

beforeAll(async () => {
  t = await setupTestApp({ GA4_MEASUREMENT_ID: 'G-TEST1234' });
  A = await createTenant(t.app);
  await t.app.db.update(clients).set({ domainURL: DOMAIN }).where(eq(clients.id, A.client.id));
  const job = await t.app.inject({ method: 'POST', url: '/api/job/create', headers: A.staffAuth.headers, payload: { clientId: A.client.id, title: 'Nurse' } });
  jobUrl = job.json().url;
  const w = await t.app.inject({
    method: 'POST',
    url: '/api/widget/create',
    headers: A.staffAuth.headers,
    payload: { clientId: A.client.id, widgetTitleText: 'Team', embeddingPermissions: ['www.acme.example'] },
  });
  widgetId = w.json().data?._id;
});
afterAll(async () => t.close());

const html = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

function checkCommon(res: { headers: Record<string, unknown>; body: string }, where: string) {
  const csp = String(res.headers['content-security-policy'] ?? '');
  expect(csp.match(/script-src [^;]*/)?.[0], where).not.toContain('unsafe-inline');
  expect(csp, where).toContain("object-src 'none'");
  expect(res.headers['x-content-type-options'], where).toBe('nosniff');
  expect(res.headers['referrer-policy'], where).toBe('strict-origin-when-cross-origin');
  expect(res.headers['strict-transport-security'], where).toBeUndefined(); // plain HTTP
  // Every inline script is allowed by this reply's policy: by its nonce (none carries another), or,
  // on a cached career page, by its SHA-256 hash (then the policy has no nonce at all).
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  const inline = [...res.body.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")([^>]*)>([\s\S]*?)<\/script>/g)];
  if (nonce) for (const m of inline) expect(m[1], where).toContain(`nonce="${nonce}"`);
  else {
    expect(csp, where).toMatch(/script-src [^;]*'sha256-/);
    for (const m of inline) {
      expect(m[1], where).not.toContain('nonce');
      expect(csp, where).toContain(
        `'sha256-${createHash('sha256')
          .update(m[2] as string, 'utf8')
          .digest('base64')}'`,
      );
    }
  }
  expect(res.body, where).not.toMatch(/csp-nonce-[0-9a-f]{24}/);
  expect(res.body, where).not.toMatch(/\son[a-z]+="/);
}

describe('HTML route families', () => {
  it.each([
    ['portal home', '/'],
    ['login page', '/login'],
    ['portal deep link', '/clients/anything'],
  ])('%s: CSP with nonce, frame-ancestors none, nosniff, referrer policy', async (where, url) => {
    const res = await html(url);
    checkCommon(res, where);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.body).toContain('window.__RUNTIME_CONFIG__');
  });

  it('an unknown page: the server-rendered 404 (an unknown career-site slug), with the same headers', async () => {
    const res = await html('/no-such-page/at-all');
    expect(res.statusCode).toBe(404);
    checkCommon(res, 'unknown page');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.body).toContain('This page could not be found.');
  });

  it('career site search page, job page and meet-the-team, on the product host and the custom domain', async () => {
    const slug = A.client.nameSlug;
    const pages = [
      [`/${slug}`, {}],
      [`/${slug}/search-page`, {}],
      [jobUrl, {}],
      [`/meet-the-team/${slug}`, {}],
      ['/search-page', { host: DOMAIN }],
      ['/meet-the-team', { host: DOMAIN }],
    ] as const;
    for (const [url, headers] of pages) {
      const res = await html(url, headers);
      expect(res.statusCode, url).toBeLessThan(500);
      checkCommon(res, url);
      // Meet-the-team may be framed by the product's own origin only: the portal's meet-the-team setup previews it.
      const framing = url.startsWith('/meet-the-team') ? "frame-ancestors 'self'" : "frame-ancestors 'none'";
      expect(res.headers['content-security-policy'], url).toContain(framing);
      expect(res.headers['x-frame-options'], url).toBe(url.startsWith('/meet-the-team') ? 'SAMEORIGIN' : 'DENY');
    }
    // The job page's GA4 glue and apply script are allowed by hash (checkCommon); GA4's loader host is allowed.
    const job = await html(jobUrl);
    expect(job.body).toContain('gtag(');
    expect(job.headers['content-security-policy']).toContain('https://www.googletagmanager.com');
  });

  it('two replies get two different nonces', async () => {
    const a = String((await html('/login')).headers['content-security-policy']);
    const b = String((await html('/login')).headers['content-security-policy']);
    expect(/'nonce-([^']+)'/.exec(a)?.[1]).not.toBe(/'nonce-([^']+)'/.exec(b)?.[1]);
  });

  it('a widget embed may be framed only by its embeddingPermissions (no X-Frame-Options)', async () => {
    expect(widgetId).toBeTruthy();
    const res = await html(`/widget/embed/${widgetId}`);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self' www.acme.example");
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('API replies are nosniff too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('HSTS and X-Forwarded-Proto follow TRUST_PROXY', () => {
  it('behind a trusted proxy (TRUST_PROXY=127.0.0.1) an https request gets HSTS and a secure cookie; untrusted it gets neither', async () => {
    const p = await setupTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      const viaProxy = await p.app.inject({ method: 'GET', url: '/login', headers: { 'x-forwarded-proto': 'https' }, remoteAddress: '127.0.0.1' });
      expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const forged = await p.app.inject({ method: 'GET', url: '/login', headers: { 'x-forwarded-proto': 'https' }, remoteAddress: '203.0.113.9' });
      expect(forged.headers['strict-transport-security']).toBeUndefined();
      const u = await p.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'nobody@x.example', password: TEST_PASSWORD } });
      expect(u.statusCode).toBe(401);
    } finally {
      await p.close();
    }
  });
});
