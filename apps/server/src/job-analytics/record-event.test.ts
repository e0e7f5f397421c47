import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, setupTestApp, type TestApp } from '../../test/helpers.ts';
import { frequentSearches } from './frequent-searches.ts';
import { eventsSettled, recordEvent } from './record-event.ts';

/**
 * Career-site events are written as counts (record-event.ts, migration 1172): the same event recorded
 * many times while a write is in flight is one row with its number, and every reader (the jobs
 * dashboard, the search warm-up's frequent searches) counts the events, not the rows.
 */
let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;

beforeAll(async () => {
  t = await setupTestApp();
  A = await createTenant(t.app);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('site events', () => {
  it('writes a burst of the same event as few rows, and the dashboard and the frequent searches count every event', async () => {
    const deps = { db: t.app.db, log: t.app.log };
    const search = (keywords: string) => recordEvent(deps, { clientId: A.client.id, type: 'search', jobId: null, data: { keywords, location: null } });
    // A busy site: 300 searches for "nurse" and 5 for "driver", recorded at once (one write in flight).
    for (let i = 0; i < 300; i++) search('nurse');
    for (let i = 0; i < 5; i++) search('driver');
    await eventsSettled(deps);
    const { rows } = await t.app.pool.query<{ rows: number; events: number }>(
      `SELECT count(*)::int AS rows, sum(n)::int AS events FROM site_events WHERE client_id = $1 AND type = 'search'`,
      [A.client.id],
    );
    expect(rows[0]?.events).toBe(305);
    // The first event is written at once, alone; the 304 recorded during that write are two rows.
    expect(rows[0]?.rows).toBe(3);
    const res = await t.app.inject({ method: 'GET', url: `/api/jobs/dashboard?clientId=${A.client.id}&days=1`, headers: A.staffAuth.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().totals.searches).toBe(305);
    expect(await frequentSearches(deps, { clientId: A.client.id, limit: 2, sample: 100 })).toEqual([
      { keywords: 'nurse', location: null },
      { keywords: 'driver', location: null },
    ]);
  });

  it('writes the events still gathering when the app closes', async () => {
    const deps = { db: t.app.db, log: t.app.log };
    const view = () => recordEvent(deps, { clientId: A.client.id, type: 'job_view', jobId: null });
    // The first is written at once; the next two gather behind it, written after the write and a wait.
    view();
    view();
    view();
    await t.app.close();
    // The app's own pool is ended by the test harness after this, so it still answers here.
    const { rows } = await t.app.pool.query<{ events: number }>(
      `SELECT coalesce(sum(n), 0)::int AS events FROM site_events WHERE client_id = $1 AND type = 'job_view'`,
      [A.client.id],
    );
    expect(rows[0]?.events).toBe(3);
  });
});
