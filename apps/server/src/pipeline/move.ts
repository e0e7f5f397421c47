import { messages } from '@hh/contract/messages';
import type { StageKind } from '../db/schema/pipeline.ts';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { logActivity } from '../core/activity-log.ts';
import { recordCandidateEvent } from '../crm/index.ts';
import type { DbOrTx } from '../db/client.ts';
import { applications } from '../db/schema/candidates.ts';
import { applicationStageEvents, jobStages } from '../db/schema/pipeline.ts';
import { badRequest, conflict, notFound } from '../lib/app-error.ts';
import { ensureJobStages, loadJob, type StageRow } from './stages.ts';

export type ApplicationRow = typeof applications.$inferSelect;

/** Reads the application of the client and locks it for the rest of the transaction (404 for another client's). */
export async function lockApplication(tx: DbOrTx, clientId: string, applicationId: string): Promise<ApplicationRow> {
  const [app] = await tx
    .select()
    .from(applications)
    .where(and(eq(applications.clientId, clientId), eq(applications.id, applicationId)))
    .for('update')
    .limit(1);
  if (!app) throw notFound('applicationId', messages.pipeline.applicationNotFound);
  return app;
}

/** Records one stage change or outcome in the three places that keep it: the pipeline's events, the candidate's timeline, the activity log. */
export async function recordStageChange(
  tx: DbOrTx,
  opts: {
    actor: Actor | null;
    app: ApplicationRow;
    jobTitle: string;
    from: StageRow | null;
    to: StageRow | null;
    outcome: 'active' | 'rejected' | 'withdrawn';
    action: 'move' | 'reject' | 'withdraw' | 'reopen';
    reasonId?: string | null;
    reasonLabel?: string | null;
  },
) {
  const { app, from, to } = opts;
  await tx.insert(applicationStageEvents).values({
    clientId: app.clientId,
    applicationId: app.id,
    jobId: app.jobId,
    fromStageId: from?.id ?? null,
    toStageId: to?.id ?? null,
    outcome: opts.outcome,
    reasonId: opts.reasonId ?? null,
    actorUserId: opts.actor?.id ?? null,
  });
  const data = {
    action: opts.action,
    applicationId: app.id,
    jobId: app.jobId,
    jobTitle: opts.jobTitle,
    from: from?.name ?? null,
    to: to?.name ?? null,
    outcome: opts.outcome,
    ...(opts.reasonLabel ? { reason: opts.reasonLabel } : {}),
  };
  await recordCandidateEvent({ db: tx }, { clientId: app.clientId, candidateId: app.candidateId, actor: opts.actor, type: 'stage', data });
  await logActivity(tx, { actor: opts.actor, clientId: app.clientId, action: opts.action, entity: 'application', entityId: app.id, changes: data });
}

export type MoveTarget = { stageId: string } | { kind: StageKind };

/**
 * Moves one application to a stage of its job's pipeline, in the caller's transaction or its own.
 * The row is locked first, so of two concurrent moves the second sees the first's result: with
 * `expectedStageId` (the stage the mover saw) it is refused with 409 and the stage it is in now.
 * Refused: a stage of another job (400), a stage that no longer exists (400), an application that
 * is not active (409), another client's application (404).
 */
export async function moveApplication(
  deps: { db: DbOrTx },
  input: { actor: Actor | null; clientId: string; applicationId: string; to: MoveTarget; expectedStageId?: string },
): Promise<{ application: ApplicationRow; from: StageRow | null; to: StageRow; moved: boolean }> {
  const run = async (tx: DbOrTx) => {
    const { clientId } = input;
    const current = await lockApplication(tx, clientId, input.applicationId);
    const stages = await ensureJobStages({ db: tx }, { clientId, jobId: current.jobId });
    // ensureJobStages may just have given it the first stage.
    const app = current.stageId ? current : await lockApplication(tx, clientId, input.applicationId);
    const from = stages.find((s) => s.id === app.stageId) ?? null;
    let to: StageRow | undefined;
    if ('stageId' in input.to) {
      to = stages.find((s) => s.id === (input.to as { stageId: string }).stageId);
      if (!to) {
        const [other] = await tx
          .select({ id: jobStages.id })
          .from(jobStages)
          .where(and(eq(jobStages.clientId, clientId), eq(jobStages.id, input.to.stageId)))
          .limit(1);
        throw badRequest('stageId', other ? messages.pipeline.stageOfAnotherJob : messages.pipeline.stageNotFound);
      }
    } else {
      const kind = input.to.kind;
      to = stages.find((s) => s.kind === kind);
      if (!to) throw badRequest('stageId', messages.pipeline.stageNotFound);
    }
    if (input.expectedStageId && input.expectedStageId !== app.stageId)
      throw conflict('stageId', messages.pipeline.stageMovedMeanwhile(from?.name ?? stages[0].name));
    if (app.outcome !== 'active') throw conflict('stageId', messages.pipeline.notActive(app.outcome));
    if (from?.id === to.id) return { application: app, from, to, moved: false };
    const [updated] = await tx
      .update(applications)
      .set({ stageId: to.id, stageEnteredAt: sql`now()`, version: sql`${applications.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(applications.clientId, clientId), eq(applications.id, app.id)))
      .returning();
    const job = await loadJob(tx, clientId, app.jobId);
    await recordStageChange(tx, { actor: input.actor, app, jobTitle: job.title, from, to, outcome: 'active', action: 'move' });
    return { application: updated, from, to, moved: true };
  };
  return 'rollback' in deps.db ? run(deps.db) : deps.db.transaction(run);
}
