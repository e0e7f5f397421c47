import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createDb, createPool } from '../db/client.ts';
import { createJobViaApi, createTenant, setupTestApp, type TestApp } from '../../test/helpers.ts';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';

/**
 * No stale page (docs/decisions/0600-public-page-cache.md): two app instances on one database, each
 * with its own pool and its own LISTEN connection, as two processes behind a load balancer are. A job
 * edited or closed through the portal API of one instance is reflected on its page, in search (page
 * and API) and in the sitemap of the OTHER instance, which had them cached, within one second.
 */
let t: TestApp;
let other: FastifyInstance;
let otherPool: pg.Pool;
let A: Awaited<ReturnType<typeof createTenant>>;
let job: { _id: string; url: string };
let otherBase = '';

const waitConnected = async (app: FastifyInstance) => {
  for (let i = 0; i < 200 && !app.authCache.connected; i++) await new Promise((r) => setTimeout(r, 50));
  expect(app.authCache.connected).toBe(true);
};

beforeAll(async () => {
  t = await setupTestApp();
  otherPool = createPool(t.app.databaseUrl, 5);
  other = await buildApp({ config: t.app.config, db: createDb(otherPool), pool: otherPool, databaseUrl: t.app.databaseUrl, logger: false });
  await other.ready();
  await other.listen({ host: '127.0.0.1', port: 0 });
  otherBase = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
  await Promise.all([waitConnected(t.app), waitConnected(other)]);
  A = await createTenant(t.app);
  job = await createJobViaApi(t.app, A.staffAuth.headers, A.client.id, { title: 'Harbor Crane Operator' });
  await createJobViaApi(t.app, A.staffAuth.headers, A.client.id, { title: 'Harbor Pilot' });
}, 120_000);

afterAll(async () => {
  await other?.close();
  await otherPool?.end();
  await t?.close();
});

/** What the other instance shows: the job page, the search page, the search API and the sitemap. */
async function seenOnOther() {
  const page = await fetch(otherBase + job.url, { headers: { accept: 'text/html' }, redirect: 'manual' });
  const search = await fetch(`${otherBase}/${A.client.nameSlug}/search-page?keywords=harbor`, { headers: { accept: 'text/html' }, redirect: 'manual' });
  const api = await other.inject({ method: 'GET', url: `/api/search-jobs?nameSlug=${A.client.nameSlug}&keywords=harbor` });
  const sitemap = await other.inject({ method: 'GET', url: `/sitemap-${A.client.nameSlug}.xml` });
  return {
    page: { status: page.status, body: await page.text() },
    search: await search.text(),
    api: (api.json() as { results: Array<{ _id: string; title: string }> }).results,
    sitemap: sitemap.body,
  };
}

/** Polls the other instance for at most one second; returns what it saw last. */
async function withinOneSecond(ok: (s: Awaited<ReturnType<typeof seenOnOther>>) => boolean) {
  const deadline = Date.now() + 1000;
  let seen = await seenOnOther();
  while (!ok(seen) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 25));
    seen = await seenOnOther();
  }
  return seen;
}

describe('no stale page across app instances', () => {
  it('shows an edit and a close made through the other instance within one second: page, search and sitemap', async () => {
    // The other instance has everything cached (a second read is a hit).
    const first = await seenOnOther();
    expect(first.page.body).toContain('<h1>Harbor Crane Operator</h1>');
    const hits = other.authCache.pages.stats.hits;
    const warm = await seenOnOther();
    expect(other.authCache.pages.stats.hits).toBeGreaterThanOrEqual(hits + 3); // page, search page and API
    // Once compressed, the pages are answered before routing (the front), and still follow every change below.
    await other.authCache.pages.encoded();
    const served = other.frontCache.stats.served;
    await seenOnOther();
    expect(other.frontCache.stats.served).toBe(served + 2);
    expect(warm.api.map((j) => j.title).sort()).toEqual(['Harbor Crane Operator', 'Harbor Pilot']);
    expect(warm.sitemap).toContain('/harbor-crane-operator/');

    // Edited on this instance.
    const edit = await t.app.inject({
      method: 'PATCH',
      url: '/api/job/update',
      headers: A.staffAuth.headers,
      payload: { clientId: A.client.id, _id: job._id, title: 'Harbor Gantry Operator' },
    });
    expect(edit.statusCode).toBe(200);
    const edited = await withinOneSecond(
      (s) => s.page.body.includes('Harbor Gantry Operator') && s.search.includes('Harbor Gantry Operator') && s.sitemap.includes('/harbor-gantry-operator/'),
    );
    expect(edited.page.status).toBe(200);
    expect(edited.page.body).toContain('<h1>Harbor Gantry Operator</h1>');
    expect(edited.search).toContain('>Harbor Gantry Operator</a>');
    expect(edited.search).not.toContain('Harbor Crane Operator');
    expect(edited.api.map((j) => j.title).sort()).toEqual(['Harbor Gantry Operator', 'Harbor Pilot']);
    expect(edited.sitemap).toContain('/harbor-gantry-operator/');
    expect(edited.sitemap).not.toContain('/harbor-crane-operator/');

    // Closed on this instance.
    const close = await t.app.inject({
      method: 'POST',
      url: '/api/job/bulk-close',
      headers: A.staffAuth.headers,
      payload: { clientId: A.client.id, jobIds: [job._id] },
    });
    expect(close.statusCode).toBe(200);
    const closed = await withinOneSecond((s) => s.page.status === 410 && !s.search.includes('Harbor Gantry Operator') && !s.sitemap.includes(job._id));
    expect(closed.page.status).toBe(410);
    expect(closed.page.body).toContain('This job is no longer available');
    expect(closed.search).not.toContain('Harbor Gantry Operator');
    expect(closed.api.map((j) => j.title)).toEqual(['Harbor Pilot']);
    expect(closed.sitemap).not.toContain(job._id);
  });
});
