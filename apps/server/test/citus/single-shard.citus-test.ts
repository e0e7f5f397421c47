import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../src/db/schema/jobs.ts';
import { createClient, createTenant, setupTestApp, type TestApp } from '../helpers.ts';

/**
 * Runs only on the Citus cluster (`npm run test:citus`, vitest.citus.config.ts). Every statement
 * the hot requests send to PostgreSQL is captured at the driver, then EXPLAINed on the cluster
 * with its own parameters: each one that Citus plans must route to one shard ("Task Count: 1").
 */
let t: TestApp;
let explainer: pg.Client;
const captured: { text: string; values: unknown[] }[] = [];
let capturing = false;
const originalQuery = pg.Client.prototype.query;

beforeAll(async () => {
  t = await setupTestApp();
  explainer = new pg.Client({ connectionString: t.app.databaseUrl });
  await explainer.connect();
  // Capture what the app sends (drizzle and raw pool queries both end in Client#query).
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (capturing && this !== explainer) {
      const [a, b] = args as [string | { text: string; values?: unknown[] }, unknown];
      const text = typeof a === 'string' ? a : a?.text;
      const values = (typeof a === 'string' ? undefined : a?.values) ?? (Array.isArray(b) ? b : []);
      if (typeof text === 'string') captured.push({ text, values });
    }
    return (originalQuery as (...x: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
});

afterAll(async () => {
  pg.Client.prototype.query = originalQuery;
  await explainer?.end();
  await t?.close();
});

/** The statements a request sent that Citus plans, each with its plan. */
async function plansOf(run: () => Promise<unknown>) {
  captured.length = 0;
  capturing = true;
  try {
    await run();
  } finally {
    capturing = false;
  }
  const plans: { text: string; plan: string }[] = [];
  for (const q of captured) {
    if (!/^\s*(SELECT|WITH|INSERT|UPDATE|DELETE)\b/i.test(q.text)) continue;
    if (/\bpgboss\./.test(q.text) || /^\s*SELECT\s+(pg_advisory|pg_notify|set_config)/i.test(q.text)) continue;
    const r = await explainer.query(`EXPLAIN ${q.text}`, q.values);
    const plan = r.rows.map((x: Record<string, string>) => x['QUERY PLAN']).join('\n');
    if (plan.includes('Custom Scan (Citus')) plans.push({ text: q.text, plan });
  }
  return plans;
}

function expectSingleShard(plans: { text: string; plan: string }[], tables: RegExp) {
  expect(
    plans.some((p) => tables.test(p.text)),
    `no planned statement on ${tables}: ${plans.map((p) => p.text.slice(0, 80)).join(' | ')}`,
  ).toBe(true);
  for (const p of plans) {
    const counts = [...p.plan.matchAll(/Task Count: (\d+)/g)].map((m) => Number(m[1]));
    expect({ sql: p.text, counts }).toEqual({ sql: p.text, counts: counts.map(() => 1) });
  }
}

describe('Citus: the hot tenant queries route to one shard', () => {
  it('the schema is distributed', async () => {
    const r = await explainer.query(
      `SELECT logicalrelid::regclass::text AS t, partmethod FROM pg_dist_partition WHERE logicalrelid::regclass::text IN ('jobs', 'clients', 'users', 'candidates')`,
    );
    const kinds = Object.fromEntries(r.rows.map((x: { t: string; partmethod: string }) => [x.t, x.partmethod]));
    expect(kinds).toEqual({ jobs: 'h', candidates: 'h', clients: 'n', users: 'n' });
  });

  it('signed-in client read (GET /api/client/get-by-id)', async () => {
    const tenant = await createTenant(t.app);
    const plans = await plansOf(async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/client/get-by-id?clientId=${tenant.client.id}`, headers: tenant.staffAuth.headers });
      expect(res.statusCode).toBe(200);
    });
    expectSingleShard(plans, /\bclients\b/);
  });

  it('job search: keywords, 80-mile radius and facets (GET /api/search-jobs)', async () => {
    const client = await createClient(t.app);
    await t.app.db.insert(jobs).values([
      {
        clientId: client.id,
        title: 'Registered Nurse',
        referenceNumber: 'N-1',
        description: 'Night shift nurse',
        city: 'New York',
        state: 'NY',
        zipCode: '10001',
        lat: 40.75,
        lng: -73.99,
      },
      {
        clientId: client.id,
        title: 'Nurse Manager',
        referenceNumber: 'N-2',
        description: 'Lead the nurses',
        city: 'Newark',
        state: 'NJ',
        zipCode: '07102',
        lat: 40.73,
        lng: -74.17,
      },
    ]);
    const plans = await plansOf(async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/search-jobs?nameSlug=${client.nameSlug}&keywords=nurse&zipcode=10001&radius=80` });
      expect(res.statusCode).toBe(200);
      expect(res.json().totalCount).toBe(2);
    });
    expectSingleShard(plans, /\bjobs\b/);
  });

  it('Indeed feed page (GET /:nameSlug/indeed-apply/xml)', async () => {
    const client = await createClient(t.app, { aiSearch: true });
    await t.app.db.execute(sql`UPDATE clients SET indeed_api_token = 'tok-12345678', indeed_api_secret = 'secret-abcdefgh' WHERE id = ${client.id}`);
    await t.app.db.insert(jobs).values({ clientId: client.id, title: 'Welder', referenceNumber: 'W-1', description: 'Welding', city: 'Austin', state: 'TX' });
    const plans = await plansOf(async () => {
      const res = await t.app.inject({ method: 'GET', url: `/${client.nameSlug}/indeed-apply/xml` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Welder');
    });
    expectSingleShard(plans, /\bjobs\b/);
  });

  it('candidate search (candidates filtered by client_id)', async () => {
    const client = await createClient(t.app);
    await t.app.db.execute(sql`INSERT INTO candidates (client_id, first_name, last_name, email) VALUES (${client.id}, 'Ada', 'Lovelace', 'ada@example.com')`);
    const r = await explainer.query(
      `EXPLAIN SELECT id, first_name, last_name, email FROM candidates
        WHERE client_id = $1 AND (first_name ILIKE $2 OR last_name ILIKE $2 OR email ILIKE $2)
        ORDER BY created_at DESC LIMIT 25`,
      [client.id, '%ada%'],
    );
    const plan = r.rows.map((x: Record<string, string>) => x['QUERY PLAN']).join('\n');
    expect(plan).toContain('Task Count: 1');
    const found = await explainer.query(`SELECT email FROM candidates WHERE client_id = $1 AND first_name ILIKE $2`, [client.id, '%ada%']);
    expect(found.rows).toEqual([{ email: 'ada@example.com' }]);
  });

  it("the CRM's candidate search (GET /api/crm/candidates with a resume word) and the applications inbox", async () => {
    const tenant = await createTenant(t.app);
    await t.app.db.execute(
      sql`INSERT INTO candidates (client_id, first_name, last_name, email, resume_text) VALUES (${tenant.client.id}, 'Ada', 'Lovelace', 'ada@example.com', 'ICU nurse, telemetry, numbatcare')`,
    );
    const search = await plansOf(async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/crm/candidates?clientId=${tenant.client.id}&searchQuery=numbatcare`,
        headers: tenant.staffAuth.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().results.map((c: { email: string }) => c.email)).toEqual(['ada@example.com']);
    });
    expectSingleShard(search, /\bcandidates\b/);
    const inbox = await plansOf(async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/candidates/applicant-count?clientId=${tenant.client.id}`, headers: tenant.staffAuth.headers });
      expect(res.statusCode, res.body).toBe(200);
    });
    expectSingleShard(inbox, /\bapplications\b/);
  });

  it("the CRM's newest-first search with a status and a source (the probe tests them on index entries, then reads a row by key)", async () => {
    const tenant = await createTenant(t.app);
    await t.app.db.execute(
      sql`INSERT INTO candidates (client_id, first_name, last_name, email, status, source) VALUES
            (${tenant.client.id}, 'Ada', 'Lovelace', 'ada@example.com', 'New', 'Referral'),
            (${tenant.client.id}, 'Grace', 'Hopper', 'grace@example.com', 'Rejected', 'Referral'),
            (${tenant.client.id}, 'Alan', 'Turing', 'alan@example.com', 'New', 'Career site')`,
    );
    const search = await plansOf(async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/crm/candidates?clientId=${tenant.client.id}&status=New&source=Referral`,
        headers: tenant.staffAuth.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().results.map((c: { email: string }) => c.email)).toEqual(['ada@example.com']);
    });
    expectSingleShard(search, /\bcandidates\b/);
  });
});
