import { URL_MESSAGE } from '@hh/contract/common';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../db/schema/core.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { createTenant, setupTestApp, type TestApp } from '../../../test/helpers.ts';
import { safeUrl } from './safe-url.ts';

/** Stored XSS through a job's apply link and a client's logo. */
let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
const BAD = [
  'javascript:fetch("/api/user/fetch-logged-in")',
  'JavaScript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '//evil.example/x',
  '/relative',
];

beforeAll(async () => {
  t = await setupTestApp();
  A = await createTenant(t.app);
});
afterAll(async () => t.close());

describe('URL fields accept only http(s)', () => {
  it.each(BAD)('POST /api/job/create refuses applyUrl %j with 400 naming the field', async (applyUrl) => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/job/create',
      headers: A.staffAuth.headers,
      payload: { clientId: A.client.id, title: 'Nurse', applyUrl },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().errorMsg.applyUrl).toEqual([URL_MESSAGE]);
  });

  it('a client logo of javascript: is refused; an https logo and an empty one (null) are kept', async () => {
    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/api/client/update',
      headers: A.recruiterAuth.headers,
      payload: { _id: A.client.id, logo: 'javascript:alert(1)' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorMsg.logo).toEqual([URL_MESSAGE]);
    const ok = await t.app.inject({
      method: 'PATCH',
      url: '/api/client/update',
      headers: A.recruiterAuth.headers,
      payload: { _id: A.client.id, logo: 'https://cdn.example/l.png' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const cleared = await t.app.inject({
      method: 'PATCH',
      url: '/api/client/update',
      headers: A.recruiterAuth.headers,
      payload: { _id: A.client.id, logo: '' },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().logo).toBeNull();
  });

  it('an https apply link is accepted', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/job/create',
      headers: A.staffAuth.headers,
      payload: { clientId: A.client.id, title: 'Nurse', applyUrl: 'https://ats.example/apply?id=1' },
    });
    expect(r.statusCode, r.body).toBe(201);
  });
});

describe('values forced into the database before the rule cannot run', () => {
  it('the job page renders a javascript: apply link and logo as inert', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/job/create', headers: A.staffAuth.headers, payload: { clientId: A.client.id, title: 'Porter' } });
    const job = r.json();
    await t.app.db.update(jobs).set({ applyUrl: 'java\tscript:alert(document.domain)' }).where(eq(jobs.id, job._id));
    await t.app.db.update(clients).set({ logo: 'JavaScript:alert(1)' }).where(eq(clients.id, A.client.id));
    const page = await t.app.inject({ method: 'GET', url: job.url, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<a class="btn" href="#" rel="nofollow">Apply on our hiring partner\'s site</a>');
    expect(page.body.toLowerCase()).not.toMatch(/java\s*script:/);
    const fav = await t.app.inject({ method: 'GET', url: `/api/published-page-templates/get-favicon/${encodeURIComponent('localhost')}` });
    expect(fav.body).not.toContain('JavaScript:');
  });

  it('safeUrl keeps http(s), mailto, paths and inert data images; refuses script schemes and protocol-relative addresses', () => {
    for (const ok of ['https://a.example/x', 'http://a.example', 'mailto:a@b.example', '/acme/search-page?q=1', '#top', 'data:,', 'data:image/png;base64,AAAA'])
      expect(safeUrl(ok)).toBe(ok);
    for (const bad of [...BAD.slice(0, 6), ' javascript:x', '\u0001javascript:x', '/\\evil.example', 'data:image/svg+xml,<svg onload=alert(1)>']) {
      if (bad === '/relative') continue;
      expect(safeUrl(bad)).toBe('#');
    }
  });
});
