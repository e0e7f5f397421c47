// bench/pipeline: the hiring pipeline on the 1,000,000-candidate data set of bench/candidates (its
// largest client: 400,000 candidates, about 240,000 applications to 40 jobs, 6,000 a job).
//
//   1. The statuses-to-stages backfill of migration 1001 (every application takes its candidate's
//      status as its stage) on the whole data set, in one transaction as the migration runs it, while
//      a second connection keeps reading the applications and adding new ones: the backfill's time,
//      and the slowest read and insert meanwhile (the migration takes row locks only, so neither waits).
//   2. A job's board as the portal opens it: the stages with their counts, then every active
//      application, 500 a page, one page after the other (JobBoard's useBoardApplications), for the
//      job with the most applications. Goal: under 1 s.
//   3. Each report (GET /api/reports/:metric, the last 30 days and the last year), p50/p95 of the
//      server time over BENCH_QUERIES requests. Goal: p95 under 500 ms.
//
//   npm run bench:pipeline     (BENCH_DATA_DIR as bench/candidates; BENCH_QUERIES=20)
//   The backfill runs on applications without a stage; BENCH_RESET_STAGES=1 clears the stages first so
//   that it can be measured again.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { load, openCandidateDataSet } from '../candidates/open.ts';

const QUERIES = Number(process.env.BENCH_QUERIES ?? 20);
const log = (s: string) => console.log(s);
const { database, q, base, auth, clientId, timing, close } = await openCandidateDataSet(log);
const ms = (x: number) => `${x.toFixed(1).padStart(7)} ms`;
function pct(times: number[]) {
  const t = [...times].sort((a, b) => a - b);
  const p = (x: number) => t[Math.min(t.length - 1, Math.floor((x / 100) * t.length))];
  return { p50: p(50), p95: p(95), max: t[t.length - 1] };
}

try {
  log(`machine: load average ${load()}; ${(await q('SELECT count(*)::int AS n FROM applications')).rows[0].n.toLocaleString('en-US')} applications in all`);

  // 1. The backfill.
  if (process.env.BENCH_RESET_STAGES) {
    const t0 = performance.now();
    await q(`UPDATE applications SET stage_id = NULL, stage_entered_at = NULL, outcome = 'active', outcome_at = NULL WHERE stage_id IS NOT NULL`);
    log(`stages cleared in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  const unstaged = (await q('SELECT count(*)::int AS n FROM applications WHERE stage_id IS NULL')).rows[0].n as number;
  if (!unstaged) log('backfill: every application has a stage already (BENCH_RESET_STAGES=1 measures it again)');
  else {
    // The migration's own statements, but its last lines (constraints and indexes it creates once).
    const file = readFileSync(new URL('../../apps/server/migrations/1001_pipeline_backfill.sql', import.meta.url), 'utf8');
    const statements = file
      .replace(/--.*$/gm, '')
      .split(';')
      .map((s) => s.trim())
      .filter((s) => /^(INSERT|UPDATE)\b/i.test(s));
    const job = (await q('SELECT id FROM jobs WHERE client_id = $1 ORDER BY id LIMIT 1', [clientId])).rows[0].id as string;
    const candidate = (await q('SELECT id FROM candidates WHERE client_id = $1 ORDER BY id LIMIT 1', [clientId])).rows[0].id as string;
    // A second connection reads and inserts all along; its slowest of each is what a user would have felt.
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    let running = true;
    const reads: number[] = [];
    const inserts: number[] = [];
    const probe = (async () => {
      while (running) {
        let t = performance.now();
        await other.query('SELECT id, stage_id FROM applications WHERE client_id = $1 AND job_id = $2 ORDER BY created_at DESC LIMIT 50', [clientId, job]);
        reads.push(performance.now() - t);
        t = performance.now();
        await other.query('BEGIN');
        await other.query(`INSERT INTO applications (client_id, candidate_id, job_id, source) VALUES ($1, $2, $3, 'bench-probe')`, [clientId, candidate, job]);
        await other.query('ROLLBACK'); // nothing stays behind
        inserts.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const client = await database.pool.connect();
    const t0 = performance.now();
    try {
      await client.query('SET statement_timeout = 0');
      await client.query('BEGIN');
      for (const s of statements) await client.query(s);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    const took = (performance.now() - t0) / 1000;
    running = false;
    await probe;
    await other.end();
    const r = pct(reads);
    const i = pct(inserts);
    log(
      `backfill (migration 1001): ${unstaged.toLocaleString('en-US')} applications given their stage in ${took.toFixed(1)} s, one transaction, load ${load()}`,
    );
    log(
      `  meanwhile, another connection: ${reads.length} reads p50 ${ms(r.p50)} max ${ms(r.max)}; ${inserts.length} new applications p50 ${ms(i.p50)} max ${ms(i.max)}`,
    );
  }

  // 2. The biggest job's board.
  const big = (
    await q(
      `SELECT j.id, j.title, count(*)::int AS n FROM applications a JOIN jobs j ON j.client_id = a.client_id AND j.id = a.job_id
        WHERE a.client_id = $1 AND a.outcome = 'active' GROUP BY j.id, j.title ORDER BY n DESC LIMIT 1`,
      [clientId],
    )
  ).rows[0] as { id: string; title: string; n: number };
  const get = async (url: string) => {
    timing.lastServerMs = 0;
    const res = await fetch(base + url, { headers: auth });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return { body: (await res.json()) as Record<string, unknown>, server: timing.lastServerMs };
  };
  const boards: number[] = [];
  let pages = 0;
  for (let k = 0; k < 5; k++) {
    const t0 = performance.now();
    await get(`/api/jobs/${big.id}/pipeline?clientId=${clientId}`);
    let cursor: string | undefined;
    let n = 0;
    pages = 0;
    do {
      const page = await get(
        `/api/applications?clientId=${clientId}&jobId=${big.id}&outcome=active&limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      n += (page.body.results as unknown[]).length;
      cursor = (page.body.nextCursor as string | null) ?? undefined;
      pages++;
    } while (cursor && n < 20_000);
    boards.push(performance.now() - t0);
  }
  // The issue's board: a job of 2,000 applications (stages + 4 pages), the same job read only that far.
  const small: number[] = [];
  for (let k = 0; k < 5; k++) {
    const t0 = performance.now();
    await get(`/api/jobs/${big.id}/pipeline?clientId=${clientId}`);
    let cursor: string | undefined;
    for (let p = 0; p < 4; p++) {
      const page = await get(
        `/api/applications?clientId=${clientId}&jobId=${big.id}&outcome=active&limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      cursor = (page.body.nextCursor as string | null) ?? undefined;
    }
    small.push(performance.now() - t0);
  }
  const s2 = pct(small.slice(1));
  log(
    `job board of 2,000 applications (stages + 4 pages of 500): p50 ${ms(s2.p50)} max ${ms(s2.max)}  ${s2.max < 1000 ? 'ok' : 'MISSES'} (goal under 1 s)  load ${load()}`,
  );
  const b = pct(boards.slice(1));
  log(
    `job board (${big.n.toLocaleString('en-US')} active applications, "${big.title}"): stages + ${pages} pages of 500, p50 ${ms(b.p50)} max ${ms(b.max)} over ${boards.length - 1} opens (after one warm-up)  load ${load()}`,
  );

  // 3. Reports.
  const metrics = ['applications', 'new-applicants', 'stage-conversion', 'time-in-stage', 'time-to-hire', 'source-of-hire', 'offer-acceptance'];
  const today = new Date();
  const yearAgo = new Date(today.getTime() - 365 * 86_400_000).toISOString().slice(0, 10);
  let worst = 0;
  for (const period of ['last 30 days', 'last year']) {
    log(`reports, ${period} (server time, ${QUERIES} requests each after 2 warm-ups):`);
    for (const metric of metrics) {
      const url = `/api/reports/${metric}?clientId=${clientId}${period === 'last year' ? `&from=${yearAgo}&to=${today.toISOString().slice(0, 10)}` : ''}`;
      const times: number[] = [];
      for (let k = 0; k < QUERIES + 2; k++) {
        const r = await get(url);
        if (k >= 2) times.push(r.server);
      }
      const p = pct(times);
      worst = Math.max(worst, p.p95);
      log(`  ${metric.padEnd(18)} p50 ${ms(p.p50)}  p95 ${ms(p.p95)}  ${p.p95 < 500 ? 'ok' : 'MISSES'} (goal p95 < 500 ms)  load ${load()}`);
    }
  }
  log(worst < 500 ? 'reports: goal met, every p95 under 500 ms' : `reports: goal missed (worst p95 ${worst.toFixed(0)} ms)`);
} finally {
  await close();
}
