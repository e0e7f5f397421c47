import { messages } from '@hh/contract/messages';
import type { pipelineRoutes as r } from '@hh/contract/pipeline';
import { and, eq, sql } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import type { DbOrTx } from '../db/client.ts';
import { jobs } from '../db/schema/jobs.ts';
import { jobStages, pipelineTemplates, type StageKind } from '../db/schema/pipeline.ts';
import { badRequest, conflict, notFound } from '../lib/app-error.ts';
import { PIPELINE_EDITORS, PIPELINE_READERS } from './rights.ts';
import { ensureJobStages, loadJob, type StageRow } from './stages.ts';

/** Active applications per stage of the job. */
export async function stageCounts(db: DbOrTx, clientId: string, jobId: string): Promise<Map<string, number>> {
  const r = await db.execute<{ stage_id: string; n: number }>(sql`SELECT stage_id, count(*)::int AS n FROM applications
    WHERE client_id = ${clientId} AND job_id = ${jobId} AND outcome = 'active' AND stage_id IS NOT NULL GROUP BY stage_id`);
  return new Map(r.rows.map((x) => [x.stage_id, Number(x.n)]));
}

async function reply(db: DbOrTx, clientId: string, jobId: string, stages: StageRow[], message?: string) {
  const counts = await stageCounts(db, clientId, jobId);
  return {
    clientId,
    jobId,
    stages: stages.map((s) => ({ _id: s.id, jobId: s.jobId, name: s.name, kind: s.kind, position: s.position, count: counts.get(s.id) ?? 0 })),
    ...(message ? { message } : {}),
  };
}

/** `GET /api/jobs/{jobId}/pipeline`: the job's stages in order with the active applications in each. */
export const getJobPipeline: Operation<typeof r.getJobPipeline, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, PIPELINE_READERS, 'pipeline');
  await loadJob(deps.db, client.id, input.jobId);
  const stages = await ensureJobStages(deps, { clientId: client.id, jobId: input.jobId });
  return reply(deps.db, client.id, input.jobId, stages);
};

/**
 * Writes the job's stages as `desired` says (in order): a stage with an id is kept (renamed, given a
 * kind, moved), one without is added, a current stage left out is removed. Removing a stage that holds
 * active applications is refused (409, naming the stage and how many); rejected or withdrawn ones in it
 * go to the first stage, so a reopened application lands somewhere. Runs in the caller's transaction.
 */
export async function saveStages(
  tx: DbOrTx,
  actor: Actor | null,
  clientId: string,
  jobId: string,
  desired: { id?: string; name: string; kind: StageKind }[],
): Promise<StageRow[]> {
  // One writer per job's pipeline at a time (the job row is locked until the transaction ends).
  const [job] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.clientId, clientId), eq(jobs.id, jobId)))
    .for('no key update')
    .limit(1);
  if (!job) throw notFound('jobId', messages.pipeline.jobNotFound);
  const names = desired.map((s) => s.name.trim());
  if (new Set(names.map((n) => n.toLowerCase())).size !== names.length) throw badRequest('stages', messages.pipeline.stageNamesUnique);
  const current = await ensureJobStages({ db: tx }, { clientId, jobId });
  const byId = new Map(current.map((s) => [s.id, s]));
  const ids = desired.map((s) => s.id).filter((x): x is string => !!x);
  if (ids.some((x) => !byId.has(x)) || new Set(ids).size !== ids.length) throw badRequest('stages', messages.pipeline.stageUnknown);
  const removed = current.filter((s) => !ids.includes(s.id));
  if (removed.length) {
    const counts = await stageCounts(tx, clientId, jobId);
    for (const s of removed) {
      const n = counts.get(s.id) ?? 0;
      if (n > 0) throw conflict('stages', messages.pipeline.stageHasApplications(n, s.name));
    }
  }
  // Two steps, so no two stages hold the same position in between: out of the way, then into place.
  await tx.execute(sql`UPDATE job_stages SET position = -1 - position WHERE client_id = ${clientId} AND job_id = ${jobId}`);
  const saved: string[] = [];
  for (const [position, s] of desired.entries()) {
    if (s.id) {
      await tx
        .update(jobStages)
        .set({ name: s.name.trim(), kind: s.kind, position })
        .where(and(eq(jobStages.clientId, clientId), eq(jobStages.id, s.id)));
      saved.push(s.id);
    } else {
      const [row] = await tx.insert(jobStages).values({ clientId, jobId, name: s.name.trim(), kind: s.kind, position }).returning({ id: jobStages.id });
      saved.push(row.id);
    }
  }
  if (removed.length) {
    const gone = removed.map((s) => s.id);
    await tx.execute(sql`UPDATE applications SET stage_id = ${saved[0]}, version = version + 1, updated_at = now()
      WHERE client_id = ${clientId} AND job_id = ${jobId} AND stage_id IN (${sql.join(
        gone.map((g) => sql`${g}::uuid`),
        sql`, `,
      )})`);
    await tx.execute(
      sql`DELETE FROM job_stages WHERE client_id = ${clientId} AND id IN (${sql.join(
        gone.map((g) => sql`${g}::uuid`),
        sql`, `,
      )})`,
    );
  }
  const after = await ensureJobStages({ db: tx }, { clientId, jobId });
  await logActivity(tx, {
    actor,
    clientId,
    action: 'update',
    entity: 'job-pipeline',
    entityId: jobId,
    changes: { from: current.map((s) => s.name), to: after.map((s) => s.name) },
  });
  return after;
}

/** `PUT /api/jobs/{jobId}/pipeline`: add, rename, reorder and remove the job's stages. */
export const updateJobPipeline: Operation<typeof r.updateJobPipeline, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, PIPELINE_EDITORS, 'pipeline');
  return deps.db.transaction(async (tx) => {
    const stages = await saveStages(tx, input.actor ?? null, client.id, input.jobId, input.stages);
    return reply(tx, client.id, input.jobId, stages, messages.pipeline.pipelineSaved);
  });
};

/**
 * `POST /api/jobs/{jobId}/pipeline/apply-template`: the job's stages become the template's. A current
 * stage named like a template stage (case-insensitive) is kept with its applications; the others are
 * removed, which is refused while they hold active applications.
 */
export const applyTemplate: Operation<typeof r.applyTemplate, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, PIPELINE_EDITORS, 'pipeline');
  return deps.db.transaction(async (tx) => {
    const [tpl] = await tx
      .select()
      .from(pipelineTemplates)
      .where(and(eq(pipelineTemplates.clientId, client.id), eq(pipelineTemplates.id, input.templateId)))
      .limit(1);
    if (!tpl) throw notFound('templateId', messages.pipeline.templateNotFound);
    await loadJob(tx, client.id, input.jobId);
    const current = await ensureJobStages({ db: tx }, { clientId: client.id, jobId: input.jobId });
    const desired = tpl.stages.map((s) => ({ id: current.find((c) => c.name.toLowerCase() === s.name.toLowerCase())?.id, name: s.name, kind: s.kind }));
    const stages = await saveStages(tx, input.actor ?? null, client.id, input.jobId, desired);
    return reply(tx, client.id, input.jobId, stages, messages.pipeline.templateApplied(tpl.name));
  });
};
