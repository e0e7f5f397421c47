import { messages } from '@hh/contract/messages';
import type { pipelineRoutes as r } from '@hh/contract/pipeline';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import type { DbOrTx } from '../db/client.ts';
import { pipelineTemplates } from '../db/schema/pipeline.ts';
import { badRequest, conflict, notFound } from '../lib/app-error.ts';
import { PIPELINE_EDITORS, PIPELINE_READERS } from './rights.ts';
import { defaultStagesOf } from './stages.ts';

type TemplateRow = typeof pipelineTemplates.$inferSelect;
const serialize = (t: TemplateRow) => ({
  _id: t.id,
  clientId: t.clientId,
  name: t.name,
  stages: t.stages,
  isDefault: t.isDefault,
  updatedAt: t.updatedAt.toISOString(),
});

/** `GET /api/pipeline-templates`: the client's templates and the stages a new job gets. */
export const listTemplates: Operation<typeof r.listTemplates, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, PIPELINE_READERS, 'pipeline');
  const rows = await deps.db.select().from(pipelineTemplates).where(eq(pipelineTemplates.clientId, client.id)).orderBy(asc(pipelineTemplates.name));
  return { results: rows.map(serialize), defaultStages: await defaultStagesOf(deps, { clientId: client.id }) };
};

function checkStages(stages: { name: string }[]) {
  if (new Set(stages.map((s) => s.name.trim().toLowerCase())).size !== stages.length) throw badRequest('stages', messages.pipeline.stageNamesUnique);
}

async function assertNameFree(tx: DbOrTx, clientId: string, name: string, exceptId?: string) {
  const [dup] = await tx
    .select({ id: pipelineTemplates.id })
    .from(pipelineTemplates)
    .where(
      and(
        eq(pipelineTemplates.clientId, clientId),
        sql`lower(${pipelineTemplates.name}) = lower(${name})`,
        exceptId ? ne(pipelineTemplates.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (dup) throw conflict('name', messages.pipeline.templateNameTaken);
}

/** One default per client: making a template the default unsets the others (same transaction). */
async function clearDefault(tx: DbOrTx, clientId: string) {
  await tx
    .update(pipelineTemplates)
    .set({ isDefault: false })
    .where(and(eq(pipelineTemplates.clientId, clientId), eq(pipelineTemplates.isDefault, true)));
}

/** `POST /api/pipeline-templates`. */
export const createTemplate: Operation<typeof r.createTemplate, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, PIPELINE_EDITORS, 'pipeline');
  checkStages(input.stages);
  return deps.db.transaction(async (tx) => {
    await assertNameFree(tx, client.id, input.name);
    if (input.isDefault) await clearDefault(tx, client.id);
    const [row] = await tx
      .insert(pipelineTemplates)
      .values({ clientId: client.id, name: input.name, stages: input.stages, isDefault: input.isDefault })
      .returning();
    await logActivity(tx, {
      actor: input.actor ?? null,
      clientId: client.id,
      action: 'create',
      entity: 'pipeline-template',
      entityId: row.id,
      changes: { name: row.name },
    });
    return { ...serialize(row), message: messages.pipeline.templateCreated };
  });
};

/** `PUT /api/pipeline-templates/{id}`: jobs already created keep their stages (a template is applied, not linked). */
export const updateTemplate: Operation<typeof r.updateTemplate, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, PIPELINE_EDITORS, 'pipeline');
  checkStages(input.stages);
  return deps.db.transaction(async (tx) => {
    await assertNameFree(tx, client.id, input.name, input.id);
    if (input.isDefault) await clearDefault(tx, client.id);
    const [row] = await tx
      .update(pipelineTemplates)
      .set({ name: input.name, stages: input.stages, isDefault: input.isDefault, updatedAt: new Date() })
      .where(and(eq(pipelineTemplates.clientId, client.id), eq(pipelineTemplates.id, input.id)))
      .returning();
    if (!row) throw notFound('id', messages.pipeline.templateNotFound);
    await logActivity(tx, {
      actor: input.actor ?? null,
      clientId: client.id,
      action: 'update',
      entity: 'pipeline-template',
      entityId: row.id,
      changes: { name: row.name },
    });
    return { ...serialize(row), message: messages.pipeline.templateUpdated };
  });
};

/** `DELETE /api/pipeline-templates/{id}`: deleting the default brings back the product's default for new jobs. */
export const deleteTemplate: Operation<typeof r.deleteTemplate, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, PIPELINE_EDITORS, 'pipeline');
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(pipelineTemplates)
      .where(and(eq(pipelineTemplates.clientId, client.id), eq(pipelineTemplates.id, input.id)))
      .returning();
    if (!row) throw notFound('id', messages.pipeline.templateNotFound);
    await logActivity(tx, {
      actor: input.actor ?? null,
      clientId: client.id,
      action: 'delete',
      entity: 'pipeline-template',
      entityId: row.id,
      changes: { name: row.name },
    });
    return { message: messages.pipeline.templateDeleted };
  });
};
