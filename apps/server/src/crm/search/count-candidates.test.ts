import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, setupTestApp, type TestApp } from '../../../test/helpers.ts';
import { EXACT_COUNT_UP_TO, estimateLiveCandidates, planRows } from './count-candidates.ts';
import { PROBE_ROWS } from './newest-probe.ts';

// Totals past EXACT_COUNT_UP_TO are estimated (decision 0540); below it they are exact. A client
// smaller than the newest-first probe's window is counted exactly whatever the total (decision 0541).
let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
let B: Awaited<ReturnType<typeof createTenant>>;
const N = PROBE_ROWS + 500;
const SMALL = 1200;

beforeAll(async () => {
  t = await setupTestApp();
  A = await createTenant(t.app);
  B = await createTenant(t.app);
  await t.app.db.execute(sql`
    INSERT INTO candidates (client_id, first_name, last_name, email, resume_text, created_at)
    SELECT ${B.client.id}, 'Small', 'Number' || i, 'small' || i || '@count.example', 'registered nurse', now() - i * interval '1 minute'
      FROM generate_series(1, ${SMALL}) i`);
  await t.app.db.execute(sql`
    INSERT INTO candidates (client_id, first_name, last_name, email, resume_text, lat, lng, created_at)
    SELECT ${A.client.id}, 'Cand', 'Number' || i, 'cand' || i || '@count.example',
           CASE WHEN i % 100 = 0 THEN 'rare okapi keeper' ELSE 'registered nurse' END,
           30.27 + (i % 10) * 0.001, -97.74, now() - i * interval '1 minute'
      FROM generate_series(1, ${N}) i`);
  await t.app.db.execute(sql`ANALYZE candidates`);
});
afterAll(async () => {
  await t?.close();
});

const list = (q: string) => t.app.inject({ method: 'GET', url: `/api/crm/candidates?clientId=${A.client.id}&${q}`, headers: A.recruiterAuth.headers });

describe('candidate totals', () => {
  it("reads the planner's estimate of a client's candidates (on Citus, from the shard's own plan)", async () => {
    // Citus's custom scan says 0 rows for itself: read as is, every search took the small-client path.
    const estimate = await estimateLiveCandidates(t.app.db, A.client.id);
    expect(estimate).toBeGreaterThan(N / 2);
    expect(estimate).toBeLessThan(N * 2);
    expect(
      planRows({
        'Plan Rows': 0,
        'Distributed Query': { Job: { Tasks: [{ 'Remote Plan': [[{ Plan: { 'Plan Rows': 3000 } }]] }, { 'Remote Plan': [[{ Plan: { 'Plan Rows': 20 } }]] }] } },
      }),
    ).toBe(3020);
  });

  it('estimates a total past the exact limit and says so; deep pages stay in order', async () => {
    expect(N).toBeGreaterThan(EXACT_COUNT_UP_TO);
    const r = await list('pageSize=25&searchQuery=nurse');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().totalCountEstimated).toBe(true);
    expect(r.json().totalCount).toBeGreaterThan(EXACT_COUNT_UP_TO);
    // A client smaller than the probe's window: counted exactly, past the limit too.
    const small = await t.app.inject({
      method: 'GET',
      url: `/api/crm/candidates?clientId=${B.client.id}&pageSize=25&searchQuery=nurse`,
      headers: B.recruiterAuth.headers,
    });
    expect(small.json().totalCount).toBe(SMALL);
    expect(small.json().totalCountEstimated).toBeUndefined();
    expect(small.json().results[0].lastName).toBe('Number1');
    const deep = await list('pageSize=25&pageNumber=10&sortBy=createdAt&sortDir=desc');
    // Newest first: candidate i was created i minutes ago, so page 10 starts at number 226.
    expect(
      deep
        .json()
        .results.map((c: { lastName: string }) => c.lastName)
        .slice(0, 2),
    ).toEqual(['Number226', 'Number227']);
  });

  it('counts exactly when the matches are few, with or without a full first page', async () => {
    const few = await list('pageSize=5&searchQuery=okapi');
    expect(few.json()).toMatchObject({ totalCount: N / 100 });
    expect(few.json().totalCountEstimated).toBeUndefined();
    expect(few.json().results).toHaveLength(5);
    const short = await list('pageSize=25&searchQuery=okapi');
    expect(short.json().totalCount).toBe(N / 100);
    const near = await list('pageSize=25&searchQuery=okapi&zipCode=78701&radius=5');
    expect(near.statusCode, near.body).toBe(200);
    expect(near.json().totalCount).toBe(N / 100);
    const far = await list('pageSize=25&searchQuery=okapi&zipCode=10001&radius=5');
    expect(far.json().totalCount).toBe(0);
  });
});
