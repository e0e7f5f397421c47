import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, setupTestApp, type TestApp } from '../../test/helpers.ts';
import { stageConversionCounts, stageVisits } from './metrics/stage-conversion.ts';
import type { ReportScope } from './period.ts';

/**
 * Stage conversion's figures count the cohort by kind of path (stageConversionCounts); the
 * applications behind a row are listed one by one (stageVisits). On random pipelines (jobs with and
 * without stages, stages of one kind twice, applications without a stage, moves from and to nowhere,
 * moves naming removed stages), both give the same counts for every stage and kind, every job and the
 * whole client, over the whole period and part of it.
 */
let t: TestApp;
let clientId: string;
const jobs: string[] = [];

// A small deterministic generator: the same data on every run.
let seed = 20261128;
const rand = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
const KINDS = ['applied', 'screening', 'interview', 'offer', 'hired', 'other'];

beforeAll(async () => {
  t = await setupTestApp();
  const A = await createTenant(t.app);
  clientId = A.client.id;
  const db = t.app.db;
  const one = async <T>(q: ReturnType<typeof sql>) => (await db.execute(q)).rows[0] as T;
  // One application per candidate and job: 60 candidates apply to every job.
  const candidates = (
    await db.execute<{ id: string }>(
      sql`INSERT INTO candidates (client_id, first_name, last_name, email)
          SELECT ${clientId}, 'Random', 'Path ' || i, 'path-' || i || '-' || ${clientId} || '@test.example' FROM generate_series(1, 60) i RETURNING id`,
    )
  ).rows.map((r) => r.id);
  for (let j = 0; j < 5; j++) {
    const job = await one<{ id: string }>(
      sql`INSERT INTO jobs (client_id, title, reference_number, status) VALUES (${clientId}, ${`Job ${j}`}, ${`R-${j}`}, 'open') RETURNING id`,
    );
    jobs.push(job.id);
    // Job 4 has no stages at all; the others 2 to 6, positions with gaps, kinds at random.
    const stages: string[] = [];
    const n = j === 4 ? 0 : 2 + Math.floor(rand() * 5);
    for (let k = 0; k < n; k++)
      stages.push(
        (
          await one<{ id: string }>(
            sql`INSERT INTO job_stages (client_id, job_id, name, kind, position) VALUES (${clientId}, ${job.id}, ${`S${k}`}, ${pick(KINDS)}, ${k * 2 + (j % 2)}) RETURNING id`,
          )
        ).id,
      );
    const removed = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];
    for (let a = 0; a < 60; a++) {
      const day = 1 + Math.floor(rand() * 28);
      const now = stages.length && rand() < 0.9 ? pick(stages) : null;
      const app = await one<{ id: string }>(
        sql`INSERT INTO applications (client_id, candidate_id, job_id, source, created_at, stage_id)
            VALUES (${clientId}, ${candidates[a]}, ${job.id}, 'careersite', ${`2026-02-${String(day).padStart(2, '0')}T12:00:00Z`}, ${now}) RETURNING id`,
      );
      // Half the applications have no recorded move (as after the statuses-to-stages backfill).
      const moves = rand() < 0.5 ? 0 : 1 + Math.floor(rand() * 4);
      for (let m = 0; m < moves; m++) {
        const stop = () => (rand() < 0.15 ? null : rand() < 0.1 ? pick(removed) : stages.length ? pick(stages) : null);
        await db.execute(sql`INSERT INTO application_stage_events (client_id, application_id, job_id, from_stage_id, to_stage_id, at)
          VALUES (${clientId}, ${app.id}, ${job.id}, ${stop()}, ${stop()}, ${`2026-03-${String(1 + m).padStart(2, '0')}T12:00:00Z`})`);
      }
    }
  }
});
afterAll(async () => t?.close());

type Row = { grp: string | null; entered: number; moved: number };
const sorted = (rows: Row[]) => [...rows].sort((a, b) => String(a.grp).localeCompare(String(b.grp)));

describe('stage conversion counted by kind of path', () => {
  it('gives the counts of the applications one by one, for every job and the whole client', async () => {
    const scopes: ReportScope[] = [];
    for (const [from, to] of [
      ['2026-02-01', '2026-02-28'],
      ['2026-02-10', '2026-02-20'],
    ])
      for (const jobId of [null, ...jobs]) scopes.push({ clientId, from, to, timeZone: 'America/Chicago', jobId });
    let nonEmpty = 0;
    for (const s of scopes) {
      const all = (await t.app.db.execute<Row>(stageConversionCounts(s))).rows;
      const grouped = all.filter((x) => x.grp !== null);
      // The row without a stage is the cohort's size.
      const cohort = await t.app.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM applications WHERE client_id = ${clientId}${s.jobId ? sql` AND job_id = ${s.jobId}` : sql``}
              AND created_at >= (${s.from}::date)::timestamp AT TIME ZONE ${s.timeZone} AND created_at < (${s.to}::date + 1)::timestamp AT TIME ZONE ${s.timeZone}`,
      );
      expect(all.filter((x) => x.grp === null)).toEqual([{ grp: null, entered: cohort.rows[0].n, moved: 0 }]);
      const oneByOne = (
        await t.app.db.execute<Row>(
          sql`SELECT grp, count(*)::int AS entered, count(*) FILTER (WHERE moved_on)::int AS moved FROM (${stageVisits(s)}) x GROUP BY grp`,
        )
      ).rows;
      expect(sorted(grouped), JSON.stringify(s)).toEqual(sorted(oneByOne));
      if (oneByOne.length) nonEmpty++;
    }
    // The data gives something to compare in most scopes (job 4 has no stages).
    expect(nonEmpty).toBeGreaterThanOrEqual(8);
  });
});
