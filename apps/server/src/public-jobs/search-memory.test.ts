import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobViaApi, createTenant, setupTestApp, type TestApp } from '../../test/helpers.ts';
import { searchJobs } from './search-jobs.ts';
import {
  searchMemoryStats as facetStats,
  PROVISIONAL_MIN_MATCHES,
  PROVISIONAL_MS,
  proactiveRecounts,
  RANKED_IDS,
  REFRESH_AHEAD_MS,
  REWARM_MS,
  recountsSettled,
  searchMemoryClock,
  TTL_MS,
  warmAgain,
} from './search-memory.ts';

/**
 * What a job search remembers (search-memory.ts): another page or order of a counted filter reads only
 * its page and gives the same totals and facets as a count; a keyword search's first pages come from
 * its remembered ranking, in the order a new ranking gives; a change of a small client's jobs is
 * counted again at once; a large filter answers from its previous count for under a second after a
 * change while it is recounted, and such an answer is never kept in the page cache.
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

describe('remembered rankings', () => {
  it('gives the first pages of a keyword search from the remembered ranking, in the order of a new ranking', async () => {
    for (let i = 0; i < 12; i++)
      await createJobViaApi(t.app, A.staffAuth.headers, A.client.id, {
        title: i % 3 ? `Night Nurse ${i}` : `Ward Clerk ${i}`,
        description: i % 3 ? 'Care for patients on the night shift.' : 'Admissions desk; nurse liaison.',
        zipCode: '78701',
      });
    await t.app.authCache.sync();
    const page = (n: number) => search({ clientId: A.client.id, keywords: 'nurse', pageSize: 5, page: n });
    const counted = [await page(1)];
    const stats = facetStats(t.app.db);
    const hits = stats.hits;
    counted.push(await page(2), await page(3));
    expect(stats.hits).toBe(hits + 2);
    // The same pages, ranked anew after the client's data version moves.
    t.app.authCache.pages.invalidate(A.client.id);
    const fresh = [await page(1), await page(2), await page(3)];
    const titles = (r: Awaited<ReturnType<typeof page>>) => r.rows.map((x) => x.row.title);
    expect(counted.map(titles)).toEqual(fresh.map(titles));
    expect(counted.flatMap(titles)).toHaveLength(12);
    // Title matches first: every "Night Nurse" before any job that only mentions a nurse.
    expect(
      counted
        .flatMap(titles)
        .slice(0, 8)
        .every((x) => x.startsWith('Night Nurse')),
    ).toBe(true);
    expect(RANKED_IDS).toBeGreaterThanOrEqual(200);
  });
});

describe('a large filter after a change', () => {
  let B: Awaited<ReturnType<typeof createTenant>>;
  const total = PROVISIONAL_MIN_MATCHES + 10;
  beforeAll(async () => {
    B = await createTenant(t.app);
    await t.app.db.execute(sql`
      INSERT INTO jobs (client_id, reference_number, title, description, city, state, zip_code, country, status, date_posted)
      SELECT ${B.client.id}, 'bulk-' || i, 'Picker ' || i, 'Warehouse work', CASE WHEN i % 2 = 0 THEN 'Austin' ELSE 'Dallas' END, 'TX', '78701', 'US', 'open', now() - i * interval '1 minute'
        FROM generate_series(1, ${total}) AS i`);
    await t.app.authCache.sync();
  }, 60_000);

  const api = async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/search-jobs?nameSlug=${B.client.nameSlug}&pageSize=3` });
    expect(res.statusCode).toBe(200);
    return res.json() as { totalCount: number; results: Array<{ title: string }> };
  };
  const addJob = async (title: string) => {
    await t.app.db.execute(sql`
      INSERT INTO jobs (client_id, reference_number, title, description, city, state, zip_code, country, status, date_posted)
      VALUES (${B.client.id}, ${title}, ${title}, 'Warehouse work', 'Austin', 'TX', '78701', 'US', 'open', now())`);
    await t.app.authCache.sync();
  };

  it('answers from the previous count while recounting, never caches that answer, and counts anew after', async () => {
    expect((await api()).totalCount).toBe(total);
    const stats = facetStats(t.app.db);
    const before = { provisional: stats.provisional, recounts: stats.recounts };
    // The round of recounts after a change (tested below) could otherwise count it before the visitor comes.
    proactiveRecounts.max = 0;
    try {
      await addJob('Picker, new');
    } finally {
      proactiveRecounts.max = 8;
    }
    // The rows are read fresh (the new job leads the page); the total is the previous count's.
    const provisional = await api();
    expect(provisional.results[0]?.title).toBe('Picker, new');
    expect(provisional.totalCount).toBe(total);
    expect(stats.provisional).toBe(before.provisional + 1);
    expect(stats.recounts).toBe(before.recounts + 1);
    await recountsSettled(t.app.db);
    // Not answered from the page cache with the provisional total: the recount's.
    expect((await api()).totalCount).toBe(total + 1);
    expect(stats.provisional).toBe(before.provisional + 1);
  });

  it('counts a large filter visited every few minutes again in the background before its remembered count runs out', async () => {
    // A count made just now: a change, the provisional answer, and its recount.
    t.app.authCache.pages.invalidate(B.client.id);
    await search({ clientId: B.client.id, pageSize: 3 });
    await recountsSettled(t.app.db);
    const stats = facetStats(t.app.db);
    const first = await search({ clientId: B.client.id, pageSize: 3 });
    try {
      // Early in the count's time: answered from memory, nothing counted again.
      searchMemoryClock.offsetMs = (TTL_MS - REFRESH_AHEAD_MS) / 2;
      const early = stats.recounts;
      expect((await search({ clientId: B.client.id, pageSize: 3 })).totalCount).toBe(first.totalCount);
      expect(stats.recounts).toBe(early);
      // In the second half of the count's time (six of ten minutes: a site visited every few minutes):
      // answered from memory, recounted behind.
      searchMemoryClock.offsetMs = TTL_MS * 0.6;
      const hits = stats.hits;
      const recounts = stats.recounts;
      const provisional = stats.provisional;
      // Through the search function: the API's reply would come from the page cache.
      expect((await search({ clientId: B.client.id, pageSize: 3 })).totalCount).toBe(first.totalCount);
      expect(stats.hits).toBe(hits + 1);
      expect(stats.recounts).toBe(recounts + 1);
      expect(stats.provisional).toBe(provisional);
      await recountsSettled(t.app.db);
      // Past the first count's time: the recount's answer is still remembered, nothing counted on the request.
      searchMemoryClock.offsetMs = TTL_MS * 1.5;
      const misses = stats.misses;
      expect((await search({ clientId: B.client.id, pageSize: 3 })).totalCount).toBe(first.totalCount);
      expect(stats.misses).toBe(misses);
    } finally {
      searchMemoryClock.offsetMs = 0;
    }
  });

  it('counts its most recently used large filters again in the background right after a change', async () => {
    // Two large filters of B (every open job; every job mentioning warehouse work) and a small one.
    const all = { clientId: B.client.id, pageSize: 3 };
    const warehouse = { clientId: B.client.id, keywords: 'warehouse', pageSize: 3 };
    const small = { clientId: B.client.id, keywords: 'picker 7', pageSize: 3 };
    const before = { all: (await search(all)).totalCount, warehouse: (await search(warehouse)).totalCount, small: (await search(small)).totalCount };
    expect(Math.min(before.all, before.warehouse)).toBeGreaterThanOrEqual(PROVISIONAL_MIN_MATCHES);
    expect(before.small).toBeLessThan(PROVISIONAL_MIN_MATCHES);
    const stats = facetStats(t.app.db);
    const recounts = stats.recounts;
    await addJob('Picker, later');
    await recountsSettled(t.app.db);
    expect(stats.recounts).toBeGreaterThanOrEqual(recounts + 2);
    // A visitor a second later finds both large filters counted at the new version; the small one
    // is counted on its next visitor's request (at little cost).
    await new Promise((r) => setTimeout(r, PROVISIONAL_MS + 100));
    const { hits, misses, provisional } = stats;
    expect((await search(all)).totalCount).toBe(before.all + 1);
    expect((await search(warehouse)).totalCount).toBe(before.warehouse + 1);
    expect(stats).toMatchObject({ hits: hits + 2, misses, provisional });
    expect((await search(small)).totalCount).toBe(before.small);
    expect(stats).toMatchObject({ hits: hits + 2, misses: misses + 1, provisional });
  });

  it('counts on the request once the change is a second old, when no round counted it', async () => {
    proactiveRecounts.max = 0;
    try {
      await addJob('Picker, much later');
      await recountsSettled(t.app.db);
    } finally {
      proactiveRecounts.max = 8;
    }
    await new Promise((r) => setTimeout(r, PROVISIONAL_MS + 100));
    const stats = facetStats(t.app.db);
    const { provisional, misses } = stats;
    expect((await api()).totalCount).toBe(total + 3);
    expect(stats.provisional).toBe(provisional);
    expect(stats.misses).toBe(misses + 1);
  });

  it('counts a large client’s whole open list and its frequent searches when the page cache starts afresh, before their first visitor', async () => {
    // The site's recent searches: "warehouse" most often, then "picker" near Austin.
    await t.app.db.execute(sql`
      INSERT INTO site_events (client_id, type, data)
      SELECT ${B.client.id}, 'search', CASE WHEN i <= 3 THEN '{"keywords": "Warehouse", "location": null}'::jsonb
                                            ELSE '{"keywords": "picker", "location": "Austin, TX"}'::jsonb END
        FROM generate_series(1, 5) AS i`);
    // What a reconnected listener does (everything dropped), then the warm-up in the background.
    t.app.authCache.pages.invalidate(null);
    await new Promise((r) => setImmediate(r));
    await recountsSettled(t.app.db);
    const stats = facetStats(t.app.db);
    const { hits, misses } = stats;
    const open = await t.app.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM jobs WHERE client_id = ${B.client.id} AND status = 'open'`);
    expect((await search({ clientId: B.client.id, pageSize: 3 })).totalCount).toBe(open.rows[0]?.n);
    expect((await search({ clientId: B.client.id, keywords: 'warehouse', pageSize: 3 })).totalCount).toBe(open.rows[0]?.n);
    expect((await search({ clientId: B.client.id, keywords: 'picker', location: 'Austin, TX', pageSize: 3 })).rows).toBeDefined();
    expect(stats).toMatchObject({ hits: hits + 3, misses });
    // A small client's list is not warmed: its first visitor counts it (a few milliseconds).
    expect((await search({ clientId: A.client.id, pageSize: 3 })).totalCount).toBeGreaterThan(0);
    expect(stats).toMatchObject({ hits: hits + 3, misses: misses + 1 });
  });

  it('keeps a large client’s whole open list counted while nobody visits: the warm-up runs again every REWARM_MS', async () => {
    // Counted at the memory's time 0 (the warm-up above, or the search now).
    await search({ clientId: B.client.id, pageSize: 3 });
    await recountsSettled(t.app.db);
    const stats = facetStats(t.app.db);
    // Every count meets a warm-up in the second half of its time.
    expect(REWARM_MS).toBeLessThanOrEqual(REFRESH_AHEAD_MS);
    try {
      searchMemoryClock.offsetMs = TTL_MS * 0.6;
      const recounts = stats.recounts;
      warmAgain(t.app.db);
      await recountsSettled(t.app.db);
      expect(stats.recounts).toBeGreaterThan(recounts);
      // Past the first count's time, the first visitor in a long while finds the list counted.
      searchMemoryClock.offsetMs = TTL_MS * 1.5;
      const { hits, misses } = stats;
      expect((await search({ clientId: B.client.id, pageSize: 3 })).totalCount).toBeGreaterThanOrEqual(PROVISIONAL_MIN_MATCHES);
      expect(stats).toMatchObject({ hits: hits + 1, misses });
    } finally {
      searchMemoryClock.offsetMs = 0;
    }
  });

  it('counts a small filter again at once after a change', async () => {
    const few = await search({ clientId: B.client.id, keywords: 'forklift' });
    expect(few.totalCount).toBe(0);
    await addJob('Forklift Driver');
    const stats = facetStats(t.app.db);
    const provisional = stats.provisional;
    expect((await search({ clientId: B.client.id, keywords: 'forklift' })).totalCount).toBe(1);
    expect(stats.provisional).toBe(provisional);
  });
});
