// bench/search: public job search (keyword + 80-mile radius + facets) with 100,000 open jobs in one
// client and 10,000 in each of nine others, on a throw-away embedded PostgreSQL.
// Measures server-side latency of GET /api/search-jobs (the real Fastify app, in-process via
// inject: routing, validation, the SQL, facets and reply serialisation; no network).
// Prints p50/p95/p99. Goal (DESIGN.md budgets): p95 < 20 ms.
//   node --import tsx bench/search/run.ts          (BENCH_QUERIES=500 BENCH_BIG=100000 BENCH_SMALL=10000)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/boot.ts';
import { freePort } from '../../apps/server/src/db/embedded.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';

const BIG = Number(process.env.BENCH_BIG ?? 100_000);
const SMALL = Number(process.env.BENCH_SMALL ?? 10_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 500);

// BENCH_DATA_DIR keeps the seeded database between runs (for profiling); by default it is thrown away.
const keep = process.env.BENCH_DATA_DIR;
const dataDir = keep ?? mkdtempSync(path.join(os.tmpdir(), 'hh-bench-search-'));
const config = loadConfig(
  {},
  { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(keep ? 54391 : await freePort()), QUEUE_ENABLED: 'false', LOG_LEVEL: 'warn', SEED_DEMO: 'false' },
);
const database = await openDatabase(config, () => {});
await migrate(database.pool);
const app = await buildApp({ config, db: database.db, pool: database.pool, databaseUrl: database.url, logger: false });
await app.ready();
const q = (text: string, params: unknown[] = []) => database.pool.query(text, params);

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

/** BENCH_EXPLAIN=1: the plan of one query (the statement the search builds, logged by drizzle). */
async function explain() {
  const { searchJobs } = await import('../../apps/server/src/jobs/search-jobs.ts');
  const client = (await q(`SELECT id FROM clients WHERE name_slug = 'bench-0'`)).rows[0].id;
  const orig = database.pool.query.bind(database.pool);
  const seen: string[] = [];
  // biome-ignore lint/suspicious/noExplicitAny: capturing the SQL text for EXPLAIN
  (database.pool as any).query = (text: any, values: any) => {
    const t = typeof text === 'string' ? text : text?.text;
    if (typeof t === 'string' && t.includes('WITH f AS')) seen.push(JSON.stringify({ text: t, values: values ?? text?.values }));
    return orig(text, values);
  };
  await searchJobs(app.db, client, {
    keywords: process.env.BENCH_EXPLAIN === '1' ? 'nurse' : process.env.BENCH_EXPLAIN,
    location: 'Chicago, IL',
    radius: 80,
    pageSize: 20,
  });
  // biome-ignore lint/suspicious/noExplicitAny: restoring
  (database.pool as any).query = orig;
  const { text, values } = JSON.parse(seen[0]);
  const r = await q(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values);
  console.log(r.rows.map((x: Record<string, string>) => x['QUERY PLAN']).join('\n'));
}

async function measure(label: string, slug: string, n: number) {
  const times: number[] = [];
  const slow: Array<[number, string]> = [];
  let total = 0;
  for (let i = 0; i < n + 30; i++) {
    const kw = KEYWORDS[i % KEYWORDS.length];
    const place = PLACES[(i * 5) % PLACES.length];
    const url = `/api/search-jobs?nameSlug=${slug}&keywords=${encodeURIComponent(kw)}&location=${encodeURIComponent(place)}&radius=80&pageSize=20`;
    const t = process.hrtime.bigint();
    const res = await app.inject({ method: 'GET', url });
    const ms = Number(process.hrtime.bigint() - t) / 1e6;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    if (i >= 30) {
      times.push(ms);
      slow.push([ms, `${kw} @ ${place}`]);
      total += res.json().totalCount;
    }
  }
  times.sort((a, b) => a - b);
  const p = (x: number) => times[Math.min(times.length - 1, Math.floor((x / 100) * times.length))].toFixed(1);
  if (process.env.BENCH_SLOW)
    console.log(
      slow
        .sort((a, b) => b[0] - a[0])
        .slice(0, 8)
        .map(([ms, w]) => `  ${ms.toFixed(1)} ms ${w}`)
        .join('\n'),
    );
  console.log(
    `${label}: ${n} queries (keyword + 80-mile radius + facets), p50 ${p(50)} ms, p95 ${p(95)} ms, p99 ${p(99)} ms, mean matches ${Math.round(total / n)}`,
  );
}

try {
  const seeded = (await q(`SELECT count(*)::int AS n FROM clients WHERE name_slug = 'bench-0'`)).rows[0].n;
  if (!seeded) await seed();
  if (process.env.BENCH_EXPLAIN) await explain();
  await measure('client with 100,000 jobs', 'bench-0', QUERIES);
  await measure('client with 10,000 jobs ', 'bench-5', Math.round(QUERIES / 2));
} finally {
  await app.close();
  await database.stop();
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
}
