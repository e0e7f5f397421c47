import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobViaApi, createTenant, setupTestApp, type TestApp } from '../../test/helpers.ts';
import { facetStats } from './facet-memory.ts';
import { searchJobs } from './search-jobs.ts';

/**
 * The remembered totals and facets of a job search (facet-memory.ts): another page or order of a
 * counted filter reads only its page and gives the same totals and facets as a count; a change of the
 * client's jobs (notified) is counted again at once; another filter is counted for itself.
 */
let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;

beforeAll(async () => {
  t = await setupTestApp();
  A = await createTenant(t.app);
  for (const [title, zipCode] of [
    ['Warehouse Associate', '78701'],
    ['Forklift Operator', '78702'],
    ['Warehouse Lead', '75201'],
  ])
    await createJobViaApi(t.app, A.staffAuth.headers, A.client.id, { title, zipCode, employmentType: 'FULL_TIME' });
  for (let i = 0; i < 100 && !t.app.authCache.connected; i++) await new Promise((r) => setTimeout(r, 50));
  expect(t.app.authCache.connected).toBe(true);
  await t.app.authCache.sync();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const search = (input: Parameters<typeof searchJobs>[1]) => searchJobs({ db: t.app.db }, input);

describe('remembered search facets', () => {
  it('gives another page or order of a counted filter the same total and facets, without counting again', async () => {
    const stats = facetStats(t.app.db);
    const first = await search({ clientId: A.client.id, pageSize: 1, page: 1 });
    expect(first.totalCount).toBe(3);
    expect(first.summary.cities.map((c) => [c.label, c.count])).toEqual([
      ['Austin, TX', 2],
      ['Dallas, TX', 1],
    ]);
    const hits = stats.hits;
    const second = await search({ clientId: A.client.id, pageSize: 1, page: 2, sort: 'date' });
    expect(stats.hits).toBe(hits + 1);
    expect(second.totalCount).toBe(3);
    expect(second.summary).toEqual(first.summary);
    expect(second.rows).toHaveLength(1);
    expect(second.rows[0]?.row.id).not.toBe(first.rows[0]?.row.id);
    // Another filter is counted for itself.
    const misses = stats.misses;
    const warehouse = await search({ clientId: A.client.id, keywords: 'warehouse' });
    expect(stats.misses).toBe(misses + 1);
    expect(warehouse.totalCount).toBe(2);
  });

  it('counts again once the client’s jobs change', async () => {
    await search({ clientId: A.client.id, pageSize: 1 });
    await createJobViaApi(t.app, A.staffAuth.headers, A.client.id, { title: 'Shipping Clerk', zipCode: '75201', employmentType: 'FULL_TIME' });
    await t.app.authCache.sync();
    const stats = facetStats(t.app.db);
    const misses = stats.misses;
    const after = await search({ clientId: A.client.id, pageSize: 1, page: 3 });
    expect(stats.misses).toBe(misses + 1);
    expect(after.totalCount).toBe(4);
    expect(after.summary.cities.map((c) => [c.label, c.count])).toEqual([
      ['Austin, TX', 2],
      ['Dallas, TX', 2],
    ]);
  });
});
