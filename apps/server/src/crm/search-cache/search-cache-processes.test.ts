import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, setupTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { createDb, createPool } from '../../db/client.ts';
import { candidateSearchCacheOf } from './search-cache.ts';

/**
 * Two app instances on one database, each with its own pool and its own candidate search cache, as two
 * processes behind a load balancer are (the shape of sites/no-stale-page.test.ts). A candidate created,
 * edited and erased through one instance shows in the other instance's search, which had it cached,
 * within one second (in fact at once: the version is read from the database on every search).
 */
let t: TestApp;
let other: FastifyInstance;
let otherPool: pg.Pool;
let A: Awaited<ReturnType<typeof createTenant>>;

beforeAll(async () => {
  t = await setupTestApp();
  otherPool = createPool(t.app.databaseUrl, 5);
  other = await buildApp({ config: t.app.config, db: createDb(otherPool), pool: otherPool, databaseUrl: t.app.databaseUrl, logger: false });
  await other.ready();
  A = await createTenant(t.app);
}, 120_000);

afterAll(async () => {
  await other?.close();
  await otherPool?.end();
  await t?.close();
});

const Q = 'searchQuery=lineworker';
const names = async () => {
  const res = await other.inject({ method: 'GET', url: `/api/crm/candidates?clientId=${A.client.id}&${Q}`, headers: A.recruiterAuth.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: Array<{ firstName: string }> }).results.map((c) => c.firstName).sort();
};

/** Asks the other instance for at most one second; returns what it answered last. */
async function withinOneSecond(expected: string[]) {
  const deadline = Date.now() + 1000;
  let seen = await names();
  while (JSON.stringify(seen) !== JSON.stringify(expected) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 25));
    seen = await names();
  }
  return seen;
}

const write = async (method: 'POST' | 'PATCH', url: string, payload: object) => {
  const res = await t.app.inject({ method, url, headers: A.recruiterAuth.headers, payload: { clientId: A.client.id, ...payload } });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as { _id: string };
};

describe('candidate search cache across app instances', () => {
  it('shows a create and an edit made through the other instance within one second', async () => {
    const first = await write('POST', '/api/crm/candidates/create', { firstName: 'Lia', lastName: 'Pole', email: 'lia@cand.example', skills: ['Lineworker'] });
    expect(await names()).toEqual(['Lia']);
    const cache = candidateSearchCacheOf(other.db);
    const hits = cache.stats.hits;
    expect(await names()).toEqual(['Lia']);
    expect(cache.stats.hits).toBe(hits + 1);

    await write('POST', '/api/crm/candidates/create', { firstName: 'Max', lastName: 'Pole', email: 'max@cand.example', skills: ['Lineworker'] });
    expect(await withinOneSecond(['Lia', 'Max'])).toEqual(['Lia', 'Max']);
    await write('PATCH', '/api/candidates/update', { _id: first._id, firstName: 'Liane' });
    expect(await withinOneSecond(['Liane', 'Max'])).toEqual(['Liane', 'Max']);
    // The other instance's older replies of the client were dropped when it met the new version.
    expect(cache.stats.dropped).toBeGreaterThan(0);
  });
});
