import { readFileSync } from 'node:fs';
import { messages } from '@hh/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobViaApi, setupTestApp, signIn, type TestApp } from '../../test/helpers.ts';
import { DEMO_PASSWORD, seedDemo } from '../seed/seed-demo.ts';
import { ensureJobStages, moveApplication } from './index.ts';

let t: TestApp;
let demo: Awaited<ReturnType<typeof seedDemo>>;
beforeAll(async () => {
  t = await setupTestApp();
  demo = await seedDemo(t.app);
});
afterAll(async () => t?.close());

interface Row {
  candidate_status: string;
  stage: string | null;
  outcome: string;
  [k: string]: unknown;
}
const stagesOfDemo = async () =>
  (
    await t.app.db.execute<Row>(sql`SELECT c.status AS candidate_status, s.name AS stage, a.outcome, a.id
      FROM applications a JOIN candidates c ON c.client_id = a.client_id AND c.id = a.candidate_id
      LEFT JOIN job_stages s ON s.client_id = a.client_id AND s.id = a.stage_id
      WHERE a.client_id = ${demo.client.id} ORDER BY a.id`)
  ).rows;
const expected = (status: string) => (status === 'New' || status === 'Rejected' ? 'Applied' : status);

describe('the pipeline foundation', () => {
  it('the migration turns each demo candidate status into its applications’ stage (New -> Applied, Rejected -> outcome rejected)', async () => {
    // The seed did it for the demo tenant; undo it, mark one candidate Rejected, and run the migration's own statements.
    const db = t.app.db;
    const [one] = await stagesOfDemo();
    await db.execute(sql`UPDATE candidates SET status = 'Rejected' WHERE client_id = ${demo.client.id}
      AND id = (SELECT candidate_id FROM applications WHERE client_id = ${demo.client.id} AND id = ${one.id})`);
    await db.execute(
      sql`UPDATE applications SET stage_id = NULL, stage_entered_at = NULL, outcome = 'active', outcome_at = NULL WHERE client_id = ${demo.client.id}`,
    );
    await db.execute(sql`DELETE FROM job_stages WHERE client_id = ${demo.client.id}`);
    const file = readFileSync(new URL('../../migrations/1001_pipeline_backfill.sql', import.meta.url), 'utf8');
    const statements = file
      .replace(/--.*$/gm, '')
      .split(';')
      .map((s) => s.trim())
      .filter((s) => /^(INSERT|UPDATE)/.test(s));
    expect(statements).toHaveLength(3);
    for (const s of statements) await db.execute(sql.raw(s));
    const rows = await stagesOfDemo();
    expect(rows.length).toBeGreaterThan(5);
    expect(new Set(rows.map((r) => r.candidate_status)).size).toBeGreaterThanOrEqual(3);
    for (const r of rows) {
      expect(r.stage, `${r.candidate_status}`).toBe(expected(r.candidate_status));
      expect(r.outcome).toBe(r.candidate_status === 'Rejected' ? 'rejected' : 'active');
    }
    expect(rows.filter((r) => r.outcome === 'rejected')).toHaveLength(1);
    const jobs = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM jobs j WHERE client_id = ${demo.client.id}
      AND (SELECT string_agg(name, ',' ORDER BY position) FROM job_stages s WHERE s.client_id = j.client_id AND s.job_id = j.id) = 'Applied,Screening,Interview,Offer,Hired'`);
    const all = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM jobs WHERE client_id = ${demo.client.id}`);
    expect(jobs.rows[0].n).toBe(all.rows[0].n);
  });

  it('the demo seed gives applications the stage of their candidate’s status', async () => {
    // A second seed is idempotent and leaves every application staged.
    await seedDemo(t.app);
    const rows = await stagesOfDemo();
    for (const r of rows) expect(r.stage).toBe(expected(r.candidate_status));
  });

  it('ensureJobStages creates a new job’s stages once under concurrency and stages its unstaged applications', async () => {
    const db = t.app.db;
    const rec = await signIn(t.app, 'recruiter@demo.test', DEMO_PASSWORD);
    const job = { id: (await createJobViaApi(t.app, rec.headers, demo.client.id, { title: 'Pipeline nurse' }))._id as string };
    const cand = (await db.execute<{ id: string }>(sql`SELECT id FROM candidates WHERE client_id = ${demo.client.id} LIMIT 1`)).rows[0];
    await db.execute(sql`INSERT INTO applications (client_id, candidate_id, job_id) VALUES (${demo.client.id}, ${cand.id}, ${job.id})`);
    const results = await Promise.all([1, 2, 3].map(() => ensureJobStages({ db }, { clientId: demo.client.id, jobId: job.id })));
    for (const r of results) expect(r.map((s) => s.name)).toEqual(['Applied', 'Screening', 'Interview', 'Offer', 'Hired']);
    expect(new Set(results.map((r) => r[0].id)).size).toBe(1);
    const app = (
      await db.execute<{ id: string; stage_id: string }>(sql`SELECT id, stage_id FROM applications WHERE client_id = ${demo.client.id} AND job_id = ${job.id}`)
    ).rows[0];
    expect(app.stage_id).toBe(results[0][0].id);

    // moveApplication records the move in the three places, and refuses a stale expected stage.
    const actor = { id: demo.recruiter.id, email: demo.recruiter.email } as Parameters<typeof moveApplication>[1]['actor'];
    const moved = await moveApplication(
      { db },
      { actor, clientId: demo.client.id, applicationId: app.id, to: { kind: 'interview' }, expectedStageId: app.stage_id },
    );
    expect(moved.to.name).toBe('Interview');
    const stale = moveApplication({ db }, { actor, clientId: demo.client.id, applicationId: app.id, to: { kind: 'offer' }, expectedStageId: app.stage_id });
    await expect(stale).rejects.toMatchObject({ status: 409, message: messages.pipeline.stageMovedMeanwhile('Interview') });
    const ev = await db.execute<{ n: number }>(sql`SELECT
      (SELECT count(*) FROM application_stage_events WHERE client_id = ${demo.client.id} AND application_id = ${app.id})
      + (SELECT count(*) FROM candidate_events WHERE client_id = ${demo.client.id} AND type = 'stage' AND data->>'applicationId' = ${app.id} AND data->>'to' = 'Interview')
      + (SELECT count(*) FROM activity_logs WHERE client_id = ${demo.client.id} AND entity = 'application' AND entity_id = ${app.id}) AS n`);
    expect(Number(ev.rows[0].n)).toBe(3);
  });
});
