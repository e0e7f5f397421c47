// bench/feed: the Indeed XML feed for one client with 100,000 open jobs, streamed over HTTP from
// the real server (a child process on a throw-away embedded PostgreSQL).
// Prints the time, the bytes and the server's peak resident-memory growth (VmRSS from
// /proc/<pid>/status, sampled every 10 ms). Goal (DESIGN.md budgets): < 5 s and < 100 MB.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../apps/server/src/db/embedded.ts';

const JOBS = Number(process.env.BENCH_JOBS ?? 100_000);
const SLUG = 'acme-health';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hh-bench-feed-'));
const port = await freePort();
const pgPort = await freePort();
const profileDir = process.env.BENCH_CPU_PROF; // a folder: the server writes a V8 CPU profile there on exit
const extraFlags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean); // e.g. --trace-gc (printed at the end)
const child: ChildProcess = spawn(
  process.execPath,
  [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), ...extraFlags, '--import', 'tsx', 'apps/server/src/main.ts'],
  {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      QUEUE_ENABLED: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
let out = '';
child.stdout?.on('data', (d) => (out += d));
child.stderr?.on('data', (d) => (out += d));
const base = `http://127.0.0.1:${port}`;

const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
/** CPU seconds (user + system) the server process has used: a figure the machine's other load does not inflate. */
const cpu = () => {
  const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100; // utime, stime in clock ticks (100 Hz)
};

async function waitForServer() {
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${out}`);
    try {
      const r = await fetch(`${base}/health`);
      if (r.ok && out.includes('Portal ready')) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function seedJobs(pool: pg.Pool) {
  const { rows } = await pool.query<{ id: string }>('SELECT id FROM clients WHERE name_slug = $1', [SLUG]);
  const clientId = rows[0].id;
  await pool.query('UPDATE clients SET ai_search = true, indeed_api_token = coalesce(indeed_api_token, $2) WHERE id = $1', [clientId, 'bench-token']);
  await pool.query(`DELETE FROM jobs WHERE client_id = $1`, [clientId]);
  // ~700 characters of description per job, a mix of the three kinds of job the feed rules distinguish.
  await pool.query(
    `INSERT INTO jobs (client_id, title, description, employment_type, address1, city, state, zip_code, salary_min, salary_max,
                       salary_period, date_posted, requisition_id, reference_number, recruiter_name, recruiter_email,
                       recruiters_assigned, budget, indeed_apply, questions_list_id, adid)
     SELECT $1, 'Registered Nurse ' || g,
            repeat('We are hiring caring professionals to join our team in a busy clinic. ', 10) || g,
            'Full-time', g || ' Main Street', 'Austin', 'TX', '78701', 50000, 70000, 'year',
            now() - g * interval '1 minute', 'REQ-' || g, 'BENCH-' || g, 'Riley Recruiter', 'riley@demo.test',
            ARRAY['Riley Recruiter'], CASE WHEN g % 3 = 0 THEN 125.50 END, g % 2 = 0, CASE WHEN g % 2 = 0 THEN 'default' END,
            'AD-' || (g % 50)
       FROM generate_series(1, $2::int) g`,
    [clientId, JOBS],
  );
  await pool.query('ANALYZE jobs');
}

async function streamFeed(): Promise<{ ms: number; bytes: number; jobs: number; peak: number; status: number; cpu: number }> {
  const before = rss();
  const cpu0 = cpu();
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rss());
  }, 10);
  const t0 = performance.now();
  const res = await fetch(`${base}/${SLUG}/indeed-apply/xml`);
  let bytes = 0;
  let jobs = 0;
  let tail = Buffer.alloc(0);
  const marker = Buffer.from('<job>');
  // Count <job> openings on the raw bytes (cheap: the client shares the machine's 2 cores with the server).
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    const b = tail.length ? Buffer.concat([tail, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    for (let i = b.indexOf(marker); i !== -1; i = b.indexOf(marker, i + marker.length)) jobs++;
    tail = Buffer.from(b.subarray(Math.max(0, b.length - (marker.length - 1))));
  }
  const ms = performance.now() - t0;
  clearInterval(timer);
  peak = Math.max(peak, rss());
  return { ms, bytes, jobs, peak: peak - before, status: res.status, cpu: cpu() - cpu0 };
}

try {
  await waitForServer();
  const pool = new pg.Pool({
    connectionString: `postgres://postgres:${encodeURIComponent(readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim())}@127.0.0.1:${pgPort}/humanize_hiring`,
    max: 2,
  });
  const s0 = performance.now();
  await seedJobs(pool);
  await pool.end();
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${os.cpus().length} cores`,
  );
  console.log(
    `bench/feed  (${JOBS.toLocaleString('en-US')} open jobs seeded in ${((performance.now() - s0) / 1000).toFixed(1)} s; server RSS at rest ${mb(rss())} MB)`,
  );
  for (const run of ['cold', 'warm']) {
    const r = await streamFeed();
    if (r.status !== 200 || r.jobs !== JOBS) throw new Error(`feed returned ${r.status} with ${r.jobs} jobs`);
    const ok = r.ms < 5000 && r.peak < 100 * 1024 * 1024;
    console.log(
      `  ${run.padEnd(4)} GET /${SLUG}/indeed-apply/xml  ${(r.ms / 1000).toFixed(2)} s  ${mb(r.bytes)} MB  ${r.jobs} jobs  ` +
        `server CPU ${r.cpu.toFixed(2)} s  peak RSS growth ${mb(r.peak)} MB  ${ok ? 'OK' : 'OVER BUDGET'} (goal < 5 s, < 100 MB)`,
    );
  }
} finally {
  if (extraFlags.length) console.log(out.split('\n').slice(-60).join('\n'));
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
