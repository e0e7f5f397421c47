// bench/scale (docs/scaling.md): the same app on plain PostgreSQL and on a Citus cluster
// (a coordinator and two workers, PostgreSQL 15, on this machine), with 100,000 open jobs in one
// tenant (and 5,000 in each of four others, so the shards hold several tenants).
//   - signed-in client read (GET /api/client/get-by-id) and job search (keywords + 80-mile radius +
//     facets, GET /api/search-jobs): p50 / p95 of sequential requests over loopback HTTP;
//   - throughput of the signed-in read (autocannon, 20 connections) through one loopback proxy in
//     front of one app process, then in front of two.
//   npm run bench:scale     (BENCH_QUERIES=300, BENCH_DURATION=10; BENCH_TARGETS=plain,citus)
// The machine has 2 cores shared with other work: the load average is printed beside each figure.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { hashPassword } from '../../apps/server/src/auth/passwords.ts';
import { createPool } from '../../apps/server/src/db/client.ts';
import { freePort, startEmbeddedPostgres } from '../../apps/server/src/db/embedded.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { type AppProcess, startAppProcess, startProxy } from '../../apps/server/test/multiprocess/cluster.ts';
// @ts-expect-error plain JavaScript module without types
import { startCluster, stopCluster } from '../../scripts/citus/cluster.mjs';
import { prepareCitusDatabase } from '../lib/citus.ts';

const BIG = Number(process.env.BENCH_BIG ?? 100_000);
const SMALL = Number(process.env.BENCH_SMALL ?? 5_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 300);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const TARGETS = (process.env.BENCH_TARGETS ?? 'plain,citus').split(',');
const PASSWORD = 'bench-password-1';

const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
function pct(times: number[], p: number) {
  const t = [...times].sort((a, b) => a - b);
  return t[Math.min(t.length - 1, Math.floor((p / 100) * t.length))];
}

const TITLES = [
  'Registered Nurse',
  'ICU Nurse',
  'Software Engineer',
  'Data Analyst',
  'Truck Driver',
  'Warehouse Associate',
  'Pharmacist',
  'Store Manager',
  'Electrician',
  'Accountant',
];
const DEPTS = ['Nursing', 'Engineering', 'Logistics', 'Retail', 'Finance'];
const KEYWORDS = ['nurse', 'software engineer', 'driver', 'pharmacist', 'analyst', 'manager', 'warehouse', 'electrician'];
const PLACES = ['78701', '10001', '60601', '90012', '77002', 'Chicago, IL', 'Austin, TX', 'Denver, CO'];

/** Seeds tenants, jobs and a staff user; returns the big tenant's id and slug. */
async function seed(url: string) {
  const pool = createPool(url, 2);
  const zips = (await pool.query(`SELECT zip, city, state, lat, lng FROM geo_zip_codes WHERE zip::int % 7 = 0 ORDER BY zip`)).rows;
  let big = { id: '', slug: '' };
  for (let c = 0; c < 5; c++) {
    const slug = `scale-${c}`;
    const id = (
      await pool.query(
        `INSERT INTO clients (name, name_slug, virtual_app_name, subscriptions) VALUES ($1, $2, $3, '{"cultivate":true,"harvest":true,"harvestPlus":true,"wave":true,"motivator":true,"media":true}') RETURNING id`,
        [`Scale ${c}`, slug, `scale${c}`],
      )
    ).rows[0].id as string;
    if (c === 0) big = { id, slug };
    const n = c === 0 ? BIG : SMALL;
    for (let start = 0; start < n; start += 5000) {
      const cols: unknown[][] = [[], [], [], [], [], [], [], [], [], [], []];
      for (let i = start; i < Math.min(n, start + 5000); i++) {
        const z = zips[(i * 7919) % zips.length];
        const title = TITLES[(i * 7) % TITLES.length];
        const row = [
          title,
          `<p>Join our team as a ${title}. Competitive pay, benefits from day one, paid time off and career growth.</p>`,
          DEPTS[i % DEPTS.length],
          z.zip,
          z.city,
          z.state,
          z.lat,
          z.lng,
          `R-${i}`,
          30000 + (i % 90) * 1000,
          new Date(Date.now() - (i % 60) * 86400_000).toISOString(),
        ];
        for (const [k, v] of row.entries()) cols[k].push(v);
      }
      await pool.query(
        `INSERT INTO jobs (client_id, title, description, department_name, zip_code, city, state, lat, lng, reference_number, salary_min, date_posted, status)
         SELECT $1, * , 'open' FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::float8[], $9::float8[], $10::text[], $11::numeric[], $12::timestamptz[])`,
        [id, ...cols],
      );
    }
  }
  await pool.query('ANALYZE');
  console.log(`seeded ${BIG + 4 * SMALL} jobs`);
  const email = `staff-${randomBytes(3).toString('hex')}@scale.test`;
  await pool.query(
    `INSERT INTO users (email, password_hash, first_name, last_name, user_type_global, client_id, company, user_type_wave, user_type_harvest)
     VALUES ($1, $2, 'Bench', 'Staff', 'user', $3, jsonb_build_object('companyInfo', $4::text), 'admin', 'admin')`,
    [email, await hashPassword(PASSWORD), big.id, big.id],
  );
  await pool.end();
  return { ...big, email };
}

async function signIn(base: string, email: string) {
  const r = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!r.ok) throw new Error(`login failed: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { tokens: { accessToken: string } }).tokens.accessToken;
}

async function sequential(urls: (i: number) => string, headers: Record<string, string> | ((i: number) => Record<string, string>)) {
  const times: number[] = [];
  for (let i = 0; i < QUERIES + 20; i++) {
    const t = process.hrtime.bigint();
    const r = await fetch(urls(i), { headers: typeof headers === 'function' ? headers(i) : headers });
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`${urls(i)}: ${r.status}`);
    if (i >= 20) times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return { p50: pct(times, 50), p95: pct(times, 95) };
}

async function throughput(url: string, headers: Record<string, string>) {
  const r = await autocannon({ url, headers, connections: 20, duration: DURATION });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return r.requests.average;
}

interface Row {
  target: string;
  read: { p50: number; p95: number };
  search: { p50: number; p95: number };
  one: number;
  two: number;
  load: string;
}

async function measure(target: string, url: string): Promise<Row> {
  const t0 = Date.now();
  const tenant = await seed(url);
  console.log(`${target}: seeded ${BIG + 4 * SMALL} jobs in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  // TRUST_PROXY=1: the app sits behind the loopback proxy, which forwards each visitor's address, so
  // the public search's per-address limit (300 a minute) applies per job seeker, not to the bench.
  const env = { DATABASE_URL: url, JWT_SECRET: randomBytes(32).toString('hex'), LOGIN_MAX_FAILURES: '1000', TRUST_PROXY: '1' };
  const apps: AppProcess[] = [];
  try {
    apps.push(await startAppProcess('a', env));
    apps.push(await startAppProcess('b', env));
    const one = await startProxy([apps[0]]);
    const two = await startProxy(apps);
    const token = await signIn(one.base, tenant.email);
    const headers = { authorization: `Bearer ${token}` };
    const readUrl = (base: string) => `${base}/api/client/get-by-id?clientId=${tenant.id}`;
    const loadBefore = load();
    const read = await sequential(() => readUrl(one.base), headers);
    const search = await sequential(
      (i) => {
        const kw = KEYWORDS[i % KEYWORDS.length];
        const place = PLACES[(i * 3) % PLACES.length];
        return `${one.base}/api/search-jobs?nameSlug=${tenant.slug}&keywords=${encodeURIComponent(kw)}&location=${encodeURIComponent(place)}&radius=80&pageSize=20`;
      },
      (i) => ({ 'x-client-address': `198.51.100.${(i % 250) + 1}` }),
    );
    const oneRps = await throughput(readUrl(one.base), headers);
    const twoRps = await throughput(readUrl(two.base), headers);
    await one.close();
    await two.close();
    const row = { target, read, search, one: oneRps, two: twoRps, load: `${loadBefore} -> ${load()}` };
    console.log(JSON.stringify(row));
    return row;
  } finally {
    for (const a of apps) await a.stop();
  }
}

const rows: Row[] = [];
console.log(`machine: ${os.cpus().length} cores, load average ${load()}`);
if (TARGETS.includes('plain')) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hh-bench-scale-'));
  const port = await freePort();
  const h = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port, persistent: false, fast: true });
  try {
    const admin = new pg.Client(h.url('postgres'));
    await admin.connect();
    await admin.query('CREATE DATABASE humanize_hiring');
    await admin.end();
    const url = h.url('humanize_hiring');
    const p = createPool(url, 1);
    await migrate(p);
    await p.end();
    rows.push(await measure('plain PostgreSQL 18 (embedded)', url));
  } finally {
    await h.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
if (TARGETS.includes('citus')) {
  const cluster = await startCluster();
  try {
    const url = await prepareCitusDatabase(cluster);
    rows.push(await measure('Citus 12.1 (coordinator + 2 workers, PostgreSQL 15)', url));
  } finally {
    stopCluster(cluster.dir);
  }
}

const f = (x: number) => x.toFixed(1);
console.log('\n| Target | Client read p50 / p95 | Job search (100,000 jobs) p50 / p95 | Client read, 1 process | 2 processes | Load |');
console.log('|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.target} | ${f(r.read.p50)} / ${f(r.read.p95)} ms | ${f(r.search.p50)} / ${f(r.search.p95)} ms | ${Math.round(r.one)} req/s | ${Math.round(r.two)} req/s (${((r.two / r.one) * 100).toFixed(0)} %) | ${r.load} |`,
  );
}
