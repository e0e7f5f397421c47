import { messages } from '@hh/contract/messages';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTenant, setupTestApp } from '../../test/helpers.ts';

/**
 * reCAPTCHA instead of ALTCHA when keys are configured. Google's verification endpoints are
 * stood in for by a loopback server that answers in their documented shapes.
 */
const calls: Array<{ url: string; body: string }> = [];
let server: http.Server;
let base = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      calls.push({ url: req.url ?? '', body });
      res.writeHead(200, { 'content-type': 'application/json' });
      if ((req.url ?? '').includes('/assessments')) {
        const token = JSON.parse(body).event.token;
        res.end(JSON.stringify({ tokenProperties: { valid: token !== 'bad', action: 'apply' }, riskAnalysis: { score: token === 'good' ? 0.9 : 0.1 } }));
      } else {
        const token = new URLSearchParams(body).get('response');
        res.end(JSON.stringify({ success: token !== 'bad', score: token === 'good' ? 0.9 : 0.1, action: 'apply' }));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server?.close(r));
});

function form(fields: Record<string, string>) {
  const boundary = `----rc${randomBytes(6).toString('hex')}`;
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="cv.txt"\r\nContent-Type: text/plain\r\n\r\nMy resume\r\n--${boundary}--\r\n`,
  );
  return { payload: Buffer.from(parts.join('')), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function setup(env: Record<string, string>) {
  const t = await setupTestApp(env);
  const A = await createTenant(t.app);
  const job = (
    await t.app.inject({
      method: 'POST',
      url: '/api/job/create',
      headers: A.staffAuth.headers,
      payload: { clientId: A.client.id, title: 'Driver', zipCode: '78701' },
    })
  ).json();
  const apply = (token: string, email: string) =>
    t.app.inject({
      method: 'POST',
      url: `/${A.client.nameSlug}/apply/${job._id}`,
      ...form({ firstName: 'R', lastName: 'C', email, 'g-recaptcha-response': token }),
    });
  return { t, A, job, apply };
}

describe('reCAPTCHA v3 (the spec default when keys are set)', () => {
  it('puts the v3 script on the job page and accepts only a valid, high-score token for the apply action', async () => {
    const { t, A, job, apply } = await setup({
      RECAPTCHA_SITE_KEY: 'site-key-1',
      RECAPTCHA_SECRET_KEY: 'secret-1',
      RECAPTCHA_VERIFY_URL: `${base}/siteverify`,
    });
    try {
      const page = await t.app.inject({ method: 'GET', url: job.url });
      expect(page.body).toContain('<script src="https://www.google.com/recaptcha/api.js?render=site-key-1" async defer></script>');
      expect(page.body).toContain('<input type="hidden" name="g-recaptcha-response" value="">');
      // The badge is hidden by the sites' shared stylesheet, which the page links.
      const sheet = /<link rel="stylesheet" href="([^"]+)">/.exec(page.body)?.[1] as string;
      expect((await t.app.inject({ method: 'GET', url: sheet })).body).toContain('.grecaptcha-badge{visibility:hidden}');
      expect(page.body).not.toContain('data-challenge');
      expect((await apply('good', 'good@x.example')).statusCode).toBe(303);
      const low = await apply('low', 'low@x.example');
      expect(low.statusCode).toBe(400);
      expect(low.body).toContain(messages.jobs.captchaFailed);
      expect((await apply('bad', 'bad@x.example')).statusCode).toBe(400);
      expect(await countRows(t.app, 'candidates', `client_id = '${A.client.id}'`)).toBe(1);
      expect(new URLSearchParams(calls.find((c) => c.url === '/siteverify')?.body).get('secret')).toBe('secret-1');
    } finally {
      await t.close();
    }
  });
});

describe('reCAPTCHA v2 and Enterprise', () => {
  it('v2: renders the checkbox widget and checks success only', async () => {
    const { t, job, apply } = await setup({
      RECAPTCHA_SITE_KEY: 'k2',
      RECAPTCHA_SECRET_KEY: 's2',
      RECAPTCHA_VERSION: 'v2',
      RECAPTCHA_VERIFY_URL: `${base}/siteverify`,
    });
    try {
      const page = await t.app.inject({ method: 'GET', url: job.url });
      expect(page.body).toContain('<div class="g-recaptcha field" data-sitekey="k2"></div>');
      expect((await apply('low', 'v2@x.example')).statusCode).toBe(303);
      expect((await apply('bad', 'v2b@x.example')).statusCode).toBe(400);
    } finally {
      await t.close();
    }
  });

  it('Enterprise: creates an assessment and checks validity, action and score', async () => {
    const { t, job, apply } = await setup({
      RECAPTCHA_SITE_KEY: 'ke',
      RECAPTCHA_VERSION: 'enterprise',
      RECAPTCHA_ENTERPRISE_PROJECT_ID: 'proj-1',
      RECAPTCHA_ENTERPRISE_API_KEY: 'api-1',
      RECAPTCHA_VERIFY_URL: base,
    });
    try {
      const page = await t.app.inject({ method: 'GET', url: job.url });
      expect(page.body).toContain('https://www.google.com/recaptcha/enterprise.js?render=ke');
      expect((await apply('good', 'e@x.example')).statusCode).toBe(303);
      expect((await apply('low', 'e2@x.example')).statusCode).toBe(400);
      const call = calls.find((c) => c.url.startsWith('/projects/proj-1/assessments?key=api-1'));
      expect(JSON.parse(call?.body ?? '{}').event).toMatchObject({ siteKey: 'ke', expectedAction: 'apply' });
    } finally {
      await t.close();
    }
  });
});
