import { DEFAULT_PIPELINE } from '@hh/contract/pipeline';
import { messages } from '@hh/contract/messages';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbDeps } from '../core/deps.ts';
import type { DbOrTx } from '../db/client.ts';
import { jobs } from '../db/schema/jobs.ts';
import { jobStages, pipelineTemplates, type TemplateStage } from '../db/schema/pipeline.ts';
import { notFound } from '../lib/app-error.ts';

export type StageRow = typeof jobStages.$inferSelect;

/** The stages a new job of the client gets: its default template's, or Applied, Screening, Interview, Offer, Hired. */
export async function defaultStagesOf({ db }: DbDeps, { clientId }: { clientId: string }): Promise<TemplateStage[]> {
  const [t] = await db
    .select({ stages: pipelineTemplates.stages })
    .from(pipelineTemplates)
    .where(and(eq(pipelineTemplates.clientId, clientId), eq(pipelineTemplates.isDefault, true)))
    .limit(1);
  return t?.stages?.length ? t.stages : DEFAULT_PIPELINE.map((s) => ({ ...s }));
}

/** The job of the client (404 for a missing job or another client's). */
export async function loadJob(db: DbOrTx, clientId: string, jobId: string) {
  const [job] = await db
    .select({ id: jobs.id, title: jobs.title, city: jobs.city, requisitionId: jobs.requisitionId })
    .from(jobs)
    .where(and(eq(jobs.clientId, clientId), eq(jobs.id, jobId)))
    .limit(1);
  if (!job) throw notFound('jobId', messages.pipeline.jobNotFound);
  return job;
}

export async function stagesOf(db: DbOrTx, clientId: string, jobId: string): Promise<StageRow[]> {
  return db
    .select()
    .from(jobStages)
    .where(and(eq(jobStages.clientId, clientId), eq(jobStages.jobId, jobId)))
    .orderBy(asc(jobStages.position));
}

/**
 * The job's stages, in order. A job without stages (created after the pipeline arrived) gets the
 * client's default pipeline; applications stored without a stage (the apply paths do not know the
 * pipeline) are put in the first stage. Every read of a job's pipeline or applications goes through
 * here, so both happen lazily and once. Idempotent under concurrency: the stages are one multi-row
 * INSERT .. ON CONFLICT DO NOTHING on the (client, job, position) key, so a second caller's insert
 * waits for the first and then adds nothing.
 */
export async function ensureJobStages(deps: { db: DbOrTx }, input: { clientId: string; jobId: string }): Promise<StageRow[]> {
  const { clientId, jobId } = input;
  let stages = await stagesOf(deps.db, clientId, jobId);
  if (!stages.length) {
    await loadJob(deps.db, clientId, jobId);
    const template = await defaultStagesOf(deps, { clientId });
    await deps.db
      .insert(jobStages)
      .values(template.map((s, position) => ({ clientId, jobId, name: s.name, kind: s.kind, position })))
      .onConflictDoNothing();
    stages = await stagesOf(deps.db, clientId, jobId);
  }
  // Cheap when there is nothing to do: a partial index holds only the applications without a stage.
  await deps.db.execute(sql`UPDATE applications SET stage_id = ${stages[0].id}, stage_entered_at = coalesce(stage_entered_at, created_at)
    WHERE client_id = ${clientId} AND job_id = ${jobId} AND stage_id IS NULL`);
  return stages;
}

/** ensureJobStages for every job named, in a few statements (the applications list across jobs). */
export async function ensureStagesOfJobs(deps: { db: DbOrTx }, clientId: string, jobIds: string[]) {
  for (const jobId of new Set(jobIds)) await ensureJobStages(deps, { clientId, jobId });
}
