// bench/search: public job search (keyword + 80-mile radius + facets) with 100,000 open jobs in one
// client and 10,000 in each of nine others, on an embedded PostgreSQL.
//
// What is measured (sequential requests, concurrency 1, in-process via app.inject: no network):
//   server  onRequest -> onResponse inside Fastify: routing, validation, the SQL, facets and reply
//           serialisation (the time a Server-Timing header would report);
//   db      the wall time of the request's database round trips (pool.query), a part of server;
//   before/after: the search function alone, the committed statement (baseline-search.ts) and the
//           current one (apps/server/src/public-jobs/search-jobs.ts), interleaved query by query so that
//           both see the same machine load.
// The machine is shared: the load average (os.loadavg) is printed next to every figure.
// Goal (DESIGN.md budgets): p95 < 20 ms.
//   node --import tsx bench/search/run.ts        (BENCH_QUERIES=500 BENCH_BIG=100000 BENCH_SMALL=10000)
//   BENCH_DATA_DIR=/tmp/x keeps the seeded database between runs; BENCH_DATABASE_URL uses a running
//   one (bench/search/db.ts up); BENCH_EXPLAIN=<keywords> [BENCH_EXPLAIN_AT=<place>] prints a plan.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/boot.ts';
import { freePort } from '../../apps/server/src/db/embedded.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { searchJobs as currentSearch } from '../../apps/server/src/public-jobs/search-jobs.ts';
import { forgetSearchMemory, PROVISIONAL_MS, recountsSettled } from '../../apps/server/src/public-jobs/search-memory.ts';
import { searchJobs as baselineSearchJobs } from './baseline-search.ts';

/** The current search in the baseline's argument order, so the two are called alike. */
const searchJobs = (...[db, clientId, input]: Parameters<typeof baselineSearchJobs>) => currentSearch({ db }, { ...input, clientId });

const BIG = Number(process.env.BENCH_BIG ?? 100_000);
const SMALL = Number(process.env.BENCH_SMALL ?? 10_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 500);

// BENCH_DATA_DIR keeps the seeded database between runs (for profiling); by default it is thrown away.
const keep = process.env.BENCH_DATA_DIR;
const dataDir = keep ?? mkdtempSync(path.join(os.tmpdir(), 'hh-bench-search-'));
const config = loadConfig(
  {},
  {
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(keep ? 54391 : await freePort()),
    QUEUE_ENABLED: 'false',
    DB_STATEMENT_TIMEOUT_MS: '0', // the bulk data load runs past the app's statement limit
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  },
);
const database = await openDatabase(config, () => {});
await migrate(database.pool);
const app = await buildApp({ config, db: database.db, pool: database.pool, databaseUrl: database.url, logger: false });

// Server-side timing: from Fastify's onRequest to onResponse (reply serialised and sent).
let serverMs = 0;
let dbAtResponse = 0;
let current = 0; // the request whose database time is being summed
let responded = true;
const started = new WeakMap<object, bigint>();
app.addHook('onRequest', async (req) => {
  current++;
  responded = false;
  started.set(req, process.hrtime.bigint());
});
app.addHook('onResponse', async (req) => {
  const t = started.get(req);
  if (t) serverMs = Number(process.hrtime.bigint() - t) / 1e6;
  // The search event insert is not awaited by the route: it finishes after the reply, not counted.
  responded = true;
  dbAtResponse = dbMs;
});
await app.ready();

// Database time: every pool.query (drizzle goes through it) that finished before the reply, summed per request.
let dbMs = 0;
let dbLog: string[] = [];
const poolQuery = database.pool.query.bind(database.pool);
// biome-ignore lint/suspicious/noExplicitAny: timing wrapper with the pool's own signature
(database.pool as any).query = (...args: any[]) => {
  const t = process.hrtime.bigint();
  const tok = current;
  // biome-ignore lint/suspicious/noExplicitAny: see above
  const r = (poolQuery as any)(...args);
  const done = () => {
    if (tok === current && !responded) {
      const ms = Number(process.hrtime.bigint() - t) / 1e6;
      dbMs += ms;
      const text = typeof args[0] === 'string' ? args[0] : args[0]?.text;
      dbLog.push(`${ms.toFixed(1)} ms ${String(text).replace(/\s+/g, ' ').slice(0, 60)}`);
    }
  };
  if (r && typeof r.then === 'function') r.then(done, done);
  return r;
};
const q = (text: string, params: unknown[] = []) => poolQuery(text, params);
// New connections cost a backend start and a SCRAM handshake (tens of ms on a loaded machine):
// counted, since they land in the figures of whichever request had to wait for one.
let connects = 0;
database.pool.on('connect', () => connects++);
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

const TITLES = [
  'Registered Nurse',
  'ICU Nurse',
  'Licensed Practical Nurse',
  'Nurse Practitioner',
  'Software Engineer',
  'Senior Software Engineer',
  'Data Analyst',
  'Truck Driver',
  'Delivery Driver',
  'Warehouse Associate',
  'Forklift Operator',
  'Pharmacist',
  'Pharmacy Technician',
  'Customer Service Representative',
  'Sales Associate',
  'Store Manager',
  'Assistant Manager',
  'Maintenance Technician',
  'HVAC Technician',
  'Electrician',
  'Accountant',
  'Financial Analyst',
  'Medical Assistant',
  'Physical Therapist',
  'Teacher',
  'Line Cook',
  'Server',
  'Security Officer',
  'Project Manager',
  'Administrative Assistant',
];
const DEPTS = ['Nursing', 'Engineering', 'Logistics', 'Retail', 'Finance', 'Operations', 'Customer Care', 'Clinical Support'];
const TYPES = ['FULL_TIME', 'PART_TIME', 'CONTRACTOR', 'TEMPORARY', 'PER_DIEM'];

async function seed() {
  const t0 = Date.now();
  await q(
    `CREATE TEMP TABLE bench_zips AS SELECT zip, city, state, lat, lng, row_number() OVER () AS n FROM (SELECT * FROM geo_zip_codes ORDER BY zip) z WHERE zip::int % 7 = 0`,
  );
  const zips = (await q('SELECT count(*)::int AS n FROM bench_zips')).rows[0].n as number;
  for (let c = 0; c < 10; c++) {
    const n = c === 0 ? BIG : SMALL;
    const client = (
      await q(`INSERT INTO clients (name, name_slug, virtual_app_name) VALUES ($1, $2, $3) RETURNING id`, [`Bench ${c}`, `bench-${c}`, `bench${c}`])
    ).rows[0].id;
    for (const d of DEPTS) await q('INSERT INTO departments (client_id, name) VALUES ($1, $2)', [client, d]);
    await q(
      `INSERT INTO jobs (client_id, title, description, department_id, department_name, employment_type, zip_code, city, state, lat, lng, remote,
                         salary_min, salary_max, salary_period, date_posted, reference_number, status)
       SELECT $1, t.title, '<p>Join our team as a ' || t.title || '. We offer competitive pay, benefits from day one, paid time off and career growth. '
                 || 'You will work with a friendly team, follow safety procedures, communicate with customers and colleagues, and keep accurate records.</p>'
                 || '<ul><li>Reliable and detail oriented</li><li>' || (ARRAY['Weekend availability','Night shift','Flexible schedule','Travel required'])[1 + i % 4] || '</li></ul>',
              d.id, d.name, (ARRAY[${TYPES.map((x) => `'${x}'`).join(',')}])[1 + i % ${TYPES.length}], z.zip, z.city, z.state, z.lat, z.lng, i % 17 = 0,
              30000 + (i % 90) * 1000, 40000 + (i % 90) * 1200, 'YEAR', now() - (i % 60) * interval '1 day', 'R-' || i, 'open'
         FROM generate_series(1, $2::int) AS i
         JOIN LATERAL (SELECT (ARRAY[${TITLES.map((x) => `'${x}'`).join(',')}])[1 + (i * 7) % ${TITLES.length}] AS title) t ON true
         JOIN departments d ON d.client_id = $1 AND d.name = (ARRAY[${DEPTS.map((x) => `'${x}'`).join(',')}])[1 + i % ${DEPTS.length}]
         JOIN bench_zips z ON z.n = 1 + (i * 7919) % $3`,
      [client, n, zips],
    );
  }
  await q('VACUUM ANALYZE jobs');
  console.log(`seeded ${BIG + 9 * SMALL} jobs in 10 clients in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

const KEYWORDS = [
  'nurse',
  'software engineer',
  'driver',
  'registred nurse',
  'pharmacist',
  'customer service',
  'analyst',
  'technician',
  'manager',
  'warehouse',
  'electrician',
  'sales',
];
const PLACES = [
  '78701',
  '10001',
  '60601',
  '90012',
  '77002',
  '85004',
  '19103',
  '30303',
  '98101',
  '80202',
  '33131',
  '75201',
  'Chicago, IL',
  'Austin, TX',
  'Denver, CO',
];

/** BENCH_EXPLAIN=<keywords>: the plan of one query (the statement the search builds, captured at the pool). */
async function explain(search: typeof searchJobs | typeof baselineSearchJobs, label: string) {
  const client = (await q(`SELECT id FROM clients WHERE name_slug = 'bench-0'`)).rows[0].id;
  // After the app's warm-up, whose statements would otherwise be captured too.
  await recountsSettled(app.db);
  const seen: Array<{ text: string; values: unknown[] }> = [];
  const wrapped = database.pool.query;
  // biome-ignore lint/suspicious/noExplicitAny: capturing the SQL text for EXPLAIN
  (database.pool as any).query = (text: any, values: any) => {
    const t = typeof text === 'string' ? text : text?.text;
    const v = values ?? text?.values;
    // This search's statement only (not the app's warm-up, which may be running meanwhile).
    if (typeof t === 'string' && /WITH f AS/.test(t) && JSON.stringify(v ?? []).includes(client)) seen.push({ text: t, values: v });
    // biome-ignore lint/suspicious/noExplicitAny: same signature
    return (wrapped as any).call(database.pool, text, values);
  };
  const kw = process.env.BENCH_EXPLAIN === '1' ? 'nurse' : process.env.BENCH_EXPLAIN;
  const at = process.env.BENCH_EXPLAIN_AT ?? 'Chicago, IL';
  await search(app.db, client, { keywords: kw || undefined, location: at === '-' ? undefined : at, radius: 80, pageSize: 20 });
  database.pool.query = wrapped;
  if (!seen.length) return;
  const generic = Boolean(process.env.BENCH_GENERIC);
  const last = seen[seen.length - 1];
  const r = generic ? await q(`EXPLAIN (GENERIC_PLAN) ${last.text}`) : await q(`EXPLAIN (ANALYZE, BUFFERS) ${last.text}`, last.values);
  console.log(`--- ${label}: ${kw} @ ${process.env.BENCH_EXPLAIN_AT ?? 'Chicago, IL'}`);
  console.log(r.rows.map((x: Record<string, string>) => x['QUERY PLAN']).join('\n'));
}

// Every keyword meets every place (12 x 15 combinations; 7 is prime to 15). The first version of this
// bench stepped places by 5, so it only ever searched Austin, Phoenix and Miami, not the dense areas.
const query = (i: number) => ({ kw: KEYWORDS[i % KEYWORDS.length], place: PLACES[(i * 7) % PLACES.length] });
const WARMUP = 30;

function stats(times: number[]) {
  const t = [...times].sort((a, b) => a - b);
  const p = (x: number) => t[Math.min(t.length - 1, Math.floor((x / 100) * t.length))].toFixed(1);
  return `p50 ${p(50).padStart(5)} ms  p95 ${p(95).padStart(5)} ms  p99 ${p(99).padStart(5)} ms`;
}

/** GET /api/search-jobs through the whole app, one request at a time. */
async function measureHttp(label: string, slug: string, n: number) {
  const server: number[] = [];
  const db: number[] = [];
  const client: number[] = [];
  const slow: Array<[number, string]> = [];
  let total = 0;
  const loadBefore = load();
  let connectsBefore = connects;
  for (let i = 0; i < n + WARMUP; i++) {
    if (i === WARMUP) connectsBefore = connects;
    const { kw, place } = query(i);
    const url = `/api/search-jobs?nameSlug=${slug}&keywords=${encodeURIComponent(kw)}&location=${encodeURIComponent(place)}&radius=80&pageSize=20`;
    dbMs = 0;
    dbLog = [];
    serverMs = 0;
    const t = process.hrtime.bigint();
    const res = await app.inject({ method: 'GET', url });
    const ms = Number(process.hrtime.bigint() - t) / 1e6;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    if (i >= WARMUP) {
      server.push(serverMs);
      db.push(dbAtResponse);
      client.push(ms);
      slow.push([serverMs, `${kw} @ ${place}: ${dbLog.join('; ')}`]);
      total += res.json().totalCount;
    }
  }
  if (process.env.BENCH_SLOW)
    console.log(
      slow
        .sort((a, b) => b[0] - a[0])
        .slice(0, 8)
        .map(([ms, w]) => `  ${ms.toFixed(1)} ms ${w}`)
        .join('\n'),
    );
  console.log(`${label}: ${n} requests, mean matches ${Math.round(total / n)}, load ${loadBefore} -> ${load()}, new connections ${connects - connectsBefore}`);
  console.log(`  server (onRequest->onResponse)  ${stats(server)}`);
  console.log(`  of which database               ${stats(db)}`);
  console.log(`  inject, client side             ${stats(client)}`);
}

/** The search function alone: baseline (committed) and current statement, interleaved. */
type Input = Parameters<typeof searchJobs>[2];
const keywordAndRadius = (i: number): Input => {
  const { kw, place } = query(i);
  return { keywords: kw, location: place, radius: 80, pageSize: 20 };
};
/**
 * What the search may remember (public-jobs/search-memory.ts):
 * - `counted`: nothing; the client's data version moves and the memory is emptied before each search,
 *   so every one counts and ranks on the request (the first visitor of a filter since the process started);
 * - `changed`: the filter is searched (not timed), then the client's data version moves (a job
 *   changed), then the timed search: a large filter answers from the count before the change and is
 *   recounted in the background, which is waited for after the search, not timed;
 * - `later`: as `changed`, but the timed search comes more than a second after the change (past the
 *   time a previous count may answer), once the round of recounts every change starts has finished;
 * - `warmed`: everything was dropped (as when the app starts or its listener reconnects) and the
 *   warm-up that follows (the whole open list of each large client) has finished;
 * - `remembered`: the filter was counted since the last change, as for every visitor after the first.
 */
type Memory = 'counted' | 'changed' | 'later' | 'warmed' | 'remembered';
async function measureBeforeAfter(label: string, slug: string, n: number, make: (i: number) => Input = keywordAndRadius, memory: Memory = 'counted') {
  const client = (await q(`SELECT id FROM clients WHERE name_slug = $1`, [slug])).rows[0].id;
  const pages = app.authCache.pages;
  const before: number[] = [];
  const after: number[] = [];
  const loadBefore = load();
  for (let i = 0; i < n + WARMUP; i++) {
    const input = make(i);
    const order = i % 2 ? [baselineSearchJobs, searchJobs] : [searchJobs, baselineSearchJobs];
    const res: Array<{ fn: unknown; ms: number; reply: string }> = [];
    for (const fn of order) {
      // A job changed since this filter was last searched (its count is of the version before).
      if ((memory === 'changed' || memory === 'later') && fn === searchJobs) await searchJobs(app.db, client, input);
      if (memory === 'warmed') {
        pages.invalidate(null);
        await new Promise((r) => setImmediate(r));
        await recountsSettled(app.db);
      } else if (memory !== 'remembered') pages.invalidate(client);
      if (memory === 'counted') forgetSearchMemory(app.db);
      if (memory === 'later') await Promise.all([recountsSettled(app.db), new Promise((r) => setTimeout(r, PROVISIONAL_MS + 50))]);
      const t = process.hrtime.bigint();
      const r = await fn(app.db, client, input);
      const ms = Number(process.hrtime.bigint() - t) / 1e6;
      if (fn === searchJobs) await recountsSettled(app.db);
      // Facet entries with equal counts had no defined order in the baseline (ORDER BY n DESC only):
      // compared in a canonical order.
      for (const list of Object.values(r.summary)) list.sort((x, y) => y.count - x.count || (x.value < y.value ? -1 : x.value > y.value ? 1 : 0));
      // What both find: the count, the facets and the place. Not the page: the relevance order changed on
      // purpose since the baseline (title matches first, decision 0601), and fields were added since
      // (synonyms, dead ends).
      const loc = r.location && { label: r.location.label, lat: r.location.lat, lng: r.location.lng, radius: r.location.radius };
      res.push({ fn, ms, reply: JSON.stringify({ totalCount: r.totalCount, summary: r.summary, location: loc, page: r.rows.length }) });
    }
    if (res[0].reply !== res[1].reply) {
      const [a, b] = [res[0].reply, res[1].reply];
      let k = 0;
      while (a[k] === b[k]) k++;
      throw new Error(`${JSON.stringify(input)}: the replies differ at ${k}\n${a.slice(k - 300, k + 300)}\n${b.slice(k - 300, k + 300)}`);
    }
    if (i >= WARMUP) {
      for (const r of res) (r.fn === searchJobs ? after : before).push(r.ms);
    }
  }
  console.log(`${label}: ${n} searches each, interleaved, load ${loadBefore} -> ${load()}`);
  console.log(`  before (baseline-search.ts)     ${stats(before)}`);
  console.log(`  after  (search-jobs.ts)         ${stats(after)}`);
}

try {
  const seeded = (await q(`SELECT count(*)::int AS n FROM clients WHERE name_slug = 'bench-0'`)).rows[0].n;
  if (!seeded) await seed();
  console.log(`machine: ${os.cpus().length} cores, load average ${load()} (1, 5, 15 min)`);
  if (process.env.BENCH_EXPLAIN) {
    if (process.env.BENCH_BASELINE_PLAN) await explain(baselineSearchJobs, 'before');
    await explain(searchJobs, 'after');
  }
  // BENCH_ROWS=counted: only the searches counted on the request (keywords only, no filter).
  if (QUERIES > 0 && process.env.BENCH_ROWS === 'counted') {
    const few = Math.max(20, Math.round(QUERIES / 5));
    await measureBeforeAfter('keywords only, 100,000 jobs, counted on the request', 'bench-0', few, (i) => ({ keywords: query(i).kw, pageSize: 20 }));
    await measureBeforeAfter('keywords only, 10,000 jobs, counted on the request', 'bench-5', few, (i) => ({ keywords: query(i).kw, pageSize: 20 }));
    await measureBeforeAfter('no filter, 100,000 jobs, counted on the request', 'bench-0', few, () => ({ pageSize: 20 }));
  } else if (QUERIES > 0) {
    await measureBeforeAfter('client with 100,000 jobs', 'bench-0', QUERIES);
    await measureBeforeAfter('client with  10,000 jobs', 'bench-5', Math.round(QUERIES / 2));
    await measureHttp('GET /api/search-jobs, client with 100,000 jobs', 'bench-0', QUERIES);
    await measureHttp('GET /api/search-jobs, client with  10,000 jobs', 'bench-5', Math.round(QUERIES / 2));
    // Other shapes, outside the goal: a radius alone, keywords alone (every match in the country is
    // ranked and counted), nothing (the whole open list, sorted by date).
    const few = Math.max(20, Math.round(QUERIES / 5));
    await measureBeforeAfter('radius only, 100,000 jobs', 'bench-0', few, (i) => ({ location: query(i).place, radius: 80, pageSize: 20 }));
    await measureBeforeAfter('keywords only, 100,000 jobs, counted on the request', 'bench-0', few, (i) => ({ keywords: query(i).kw, pageSize: 20 }));
    await measureBeforeAfter('keywords only, 10,000 jobs, counted on the request', 'bench-5', few, (i) => ({ keywords: query(i).kw, pageSize: 20 }));
    await measureBeforeAfter('no filter, 100,000 jobs, counted on the request', 'bench-0', few, () => ({ pageSize: 20 }));
    // Right after a change of the client's jobs, with the filter counted before it.
    await measureBeforeAfter('keywords only, right after a change', 'bench-0', few, (i) => ({ keywords: query(i).kw, pageSize: 20 }), 'changed');
    await measureBeforeAfter('no filter, right after a change', 'bench-0', few, () => ({ pageSize: 20 }), 'changed');
    // More than a second after a change: the filters were recounted in the background meanwhile.
    await measureBeforeAfter('keywords only, a second after a change', 'bench-0', few, (i) => ({ keywords: query(i).kw, pageSize: 20 }), 'later');
    await measureBeforeAfter('no filter, a second after a change', 'bench-0', few, () => ({ pageSize: 20 }), 'later');
    // The first visitor after the app started (or its listener reconnected), once the warm-up is done.
    await measureBeforeAfter('no filter, first visitor after the warm-up', 'bench-0', few, () => ({ pageSize: 20 }), 'warmed');
    // The same filters as visitors after the first see them (pages 1-5, both orders): remembered.
    const turn = (i: number) => ({ pageSize: 20, page: 1 + (i % 5), sort: i % 2 ? ('date' as const) : undefined });
    await measureBeforeAfter('keywords only, remembered', 'bench-0', few, (i) => ({ keywords: query(i).kw, ...turn(i) }), 'remembered');
    await measureBeforeAfter('no filter, remembered', 'bench-0', few, (i) => turn(i), 'remembered');
  }
} finally {
  await app.close();
  await database.stop();
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
}
