// bench/search-quality: does the public job search find what seekers type?
//
// Seeds the demo tenant's 300 jobs (apps/server/src/jobs/seed.ts) into a throw-away embedded
// PostgreSQL, sends every query of queries.ts to GET /api/search-jobs (in-process, app.inject) and
// compares the jobs shown with the jobs a person would call right (queries.ts, judged from the job
// rows with the queries' own coordinates, not with the search code):
//   precision@10   right jobs among the first ten shown / min(10, number of right jobs), averaged over
//                  the queries that have a right answer;
//   zero-result    share of those queries that show no job at all (neither results nor the nearest
//                  jobs offered when nothing is inside the distance): the goal is 0 %;
//   empty results  share whose `results` list is empty (the nearest jobs not counted).
// The jobs shown are `results`, or `nearest` when results are empty and the reply offers them.
//   npm run bench:search-quality        (BENCH_VERBOSE=1 prints every query)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/boot.ts';
import { clients } from '../../apps/server/src/db/schema/core.ts';
import { freePort } from '../../apps/server/src/db/embedded.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { seedJobs } from '../../apps/server/src/jobs/seed.ts';
import type { DemoContext } from '../../apps/server/src/core/demo-context.ts';
import { type QualityQuery, QUERIES } from './queries.ts';

const verbose = Boolean(process.env.BENCH_VERBOSE);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hh-bench-quality-'));
const config = loadConfig({}, { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()), QUEUE_ENABLED: 'false', LOG_LEVEL: 'warn', SEED_DEMO: 'false' });
const database = await openDatabase(config, () => {});
await migrate(database.pool);
const app = await buildApp({ config, db: database.db, pool: database.pool, databaseUrl: database.url, logger: false });
await app.ready();

const [client] = await app.db
  .insert(clients)
  .values({ name: 'Acme Health', nameSlug: 'acme-health', virtualAppName: 'acmehealth', subscriptions: {} })
  .returning();
await seedJobs(app, { client } as DemoContext);
type JobFact = {
  id: string;
  title: string;
  state: string | null;
  lat: number | null;
  lng: number | null;
  remote: boolean;
};
const jobs = (await app.db.execute<JobFact>(sql`SELECT id, title, state, lat, lng, remote FROM jobs WHERE client_id = ${client.id} AND status = 'open'`)).rows;

const miles = (a: [number, number], lat: number, lng: number) => {
  const r = Math.PI / 180;
  const h = Math.sin(((lat - a[0]) * r) / 2) ** 2 + Math.cos(a[0] * r) * Math.cos(lat * r) * Math.sin(((lng - a[1]) * r) / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.sqrt(h));
};
function rightJobs(q: QualityQuery): Set<string> {
  const within = (j: JobFact, limit: number) => !q.near || (j.lat !== null && j.lng !== null && miles(q.near, j.lat, j.lng) <= limit);
  const base = jobs.filter(
    (j) => (!q.title || q.title.test(j.title)) && (!q.state || j.state === q.state) && (q.remote === undefined || j.remote === q.remote),
  );
  const inside = base.filter((j) => within(j, q.miles ?? q.radius ?? 25));
  return new Set((inside.length || !q.fallbackMiles ? inside : base.filter((j) => within(j, q.fallbackMiles as number))).map((j) => j.id));
}

interface Reply {
  results: Array<{ _id: string; title: string }>;
  nearest?: Array<{ _id: string; title: string }>;
  totalCount: number;
}
let scored = 0;
let precisionSum = 0;
let zero = 0;
let emptyResults = 0;
let wrongEmpty = 0;
let unanswerable = 0;
const rows: string[] = [];
const broken: string[] = [];
for (const q of QUERIES) {
  const params = new URLSearchParams({ nameSlug: client.nameSlug, pageSize: '10' });
  if (q.keywords) params.set('keywords', q.keywords);
  if (q.location) params.set('location', q.location);
  if (q.radius) params.set('radius', String(q.radius));
  const res = await app.inject({ method: 'GET', url: `/api/search-jobs?${params}` });
  const body = res.json() as Reply;
  const shown = (body.results?.length ? body.results : (body.nearest ?? [])).slice(0, 10);
  const label = [q.keywords && `"${q.keywords}"`, q.location && `@ "${q.location}"`, q.radius && `${q.radius} mi`].filter(Boolean).join(' ');
  if (q.sensible === false) {
    // No right answer: only check that nothing wrong was offered as a match.
    unanswerable++;
    if (body.results?.length) wrongEmpty++;
    rows.push(`  ${label.padEnd(52)} (no sensible job) results ${body.results?.length ?? 0}`);
    continue;
  }
  const right = rightJobs(q);
  if (!right.size) {
    broken.push(label);
    continue;
  }
  const hits = shown.filter((j) => right.has(j._id)).length;
  const p = hits / Math.min(10, right.size);
  scored++;
  precisionSum += p;
  if (!shown.length) zero++;
  if (!body.results?.length) emptyResults++;
  rows.push(
    `  ${label.padEnd(52)} P@10 ${p.toFixed(2)}  shown ${String(shown.length).padStart(2)}  right ${right.size}${res.statusCode === 200 ? '' : `  HTTP ${res.statusCode}`}`,
  );
}
if (verbose) console.log(rows.join('\n'));
const pct = (n: number) => `${((100 * n) / scored).toFixed(1)} %`;
console.log(`search quality: ${QUERIES.length} queries (${scored} with a right answer) against the demo tenant's ${jobs.length} jobs`);
console.log(`  precision@10      ${(precisionSum / scored).toFixed(3)}`);
console.log(`  zero-result rate  ${pct(zero)}  (${zero} of ${scored} show no job at all; goal 0 %)`);
console.log(`  empty results     ${pct(emptyResults)}  (${emptyResults} answered only with the nearest jobs or nothing)`);
console.log(`  no-sensible-job queries answered with results: ${wrongEmpty} of ${unanswerable}`);

if (broken.length) {
  console.error(`queries with no right answer in the demo data (fix queries.ts): ${broken.join('; ')}`);
  process.exitCode = 1;
}
await app.close();
await database.stop();
rmSync(dataDir, { recursive: true, force: true });
