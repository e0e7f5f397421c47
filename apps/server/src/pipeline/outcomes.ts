import { messages } from '@hh/contract/messages';
import type { pipelineRoutes as r } from '@hh/contract/pipeline';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { Operation } from '../core/operation.ts';
import type { DbOrTx } from '../db/client.ts';
import { applications, candidates } from '../db/schema/candidates.ts';
import { jobs } from '../db/schema/jobs.ts';
import { rejectionEmails } from '../db/schema/pipeline.ts';
import { emailTemplates } from '../db/schema/team.ts';
import { badRequest, notFound } from '../lib/app-error.ts';
import { loadApplicationItem } from './list-applications.ts';
import { type ApplicationRow, moveApplication, recordStageChange } from './move.ts';
import { REJECTION_EMAIL_QUEUE } from './rejection-emails.ts';
import { ensureReasons } from './reasons.ts';
import { PIPELINE_READERS } from './rights.ts';
import { nextMorning } from './send-time.ts';
import { ensureJobStages, type StageRow } from './stages.ts';

/** `PATCH /api/applications/{id}/stage`: one move; with `expectedStageId`, a move made meanwhile by someone else is refused (409). */
export const moveStage: Operation<typeof r.moveStage, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, PIPELINE_READERS, 'applications');
  const res = await moveApplication(deps, {
    actor: input.actor ?? null,
    clientId: client.id,
    applicationId: input.id,
    to: { stageId: input.stageId },
    expectedStageId: input.expectedStageId,
  });
  return {
    application: await loadApplicationItem(deps.db, client.id, input.id),
    message: res.moved ? messages.pipeline.moved(res.to.name) : messages.pipeline.alreadyInStage(res.to.name),
  };
};

/**
 * The applications named, locked for the transaction in one order (so two bulk calls cannot deadlock),
 * with their job's stages and title. Any id that is not an application of the client: 404 and nothing changes.
 */
async function lockAll(tx: DbOrTx, clientId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select()
    .from(applications)
    .where(and(eq(applications.clientId, clientId), inArray(applications.id, unique)))
    .orderBy(asc(applications.id))
    .for('update');
  if (rows.length !== unique.length) throw notFound('applicationIds', messages.pipeline.someNotFound(unique.length - rows.length));
  const jobIds = [...new Set(rows.map((a) => a.jobId))];
  const stagesByJob = new Map<string, StageRow[]>();
  for (const jobId of jobIds) stagesByJob.set(jobId, await ensureJobStages({ db: tx }, { clientId, jobId }));
  const titles = new Map(
    (
      await tx
        .select({ id: jobs.id, title: jobs.title })
        .from(jobs)
        .where(and(eq(jobs.clientId, clientId), inArray(jobs.id, jobIds)))
    ).map((j) => [j.id, j.title]),
  );
  // ensureJobStages may have given an application its first stage: read them again.
  const fresh = await tx
    .select()
    .from(applications)
    .where(and(eq(applications.clientId, clientId), inArray(applications.id, unique)))
    .orderBy(asc(applications.id));
  return { apps: fresh, stagesByJob, titles };
}

type Skipped = { applicationId: string; reason: string };

/** `POST /api/applications/advance`: each application to the next stage of its job; the last stage's and inactive ones are skipped, with the reason. */
export const advance: Operation<typeof r.advance, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, PIPELINE_READERS, 'applications');
  return deps.db.transaction(async (tx) => {
    const { apps, stagesByJob } = await lockAll(tx, client.id, input.applicationIds);
    const skipped: Skipped[] = [];
    let count = 0;
    for (const a of apps) {
      const stages = stagesByJob.get(a.jobId) ?? [];
      const i = stages.findIndex((s) => s.id === a.stageId);
      if (a.outcome !== 'active') skipped.push({ applicationId: a.id, reason: messages.pipeline.notActive(a.outcome) });
      else if (i < 0 || i === stages.length - 1) skipped.push({ applicationId: a.id, reason: messages.pipeline.alreadyInStage(stages[i]?.name ?? '') });
      else {
        await moveApplication({ db: tx }, { actor: input.actor ?? null, clientId: client.id, applicationId: a.id, to: { stageId: stages[i + 1].id } });
        count++;
      }
    }
    return { count, skipped, message: messages.pipeline.advanced(count) };
  });
};

async function setOutcome(
  tx: DbOrTx,
  actor: Actor | null,
  ctx: Awaited<ReturnType<typeof lockAll>>,
  a: ApplicationRow,
  outcome: 'active' | 'rejected' | 'withdrawn',
  action: 'reject' | 'withdraw' | 'reopen',
  reason?: { id: string; label: string },
) {
  await tx
    .update(applications)
    .set({
      outcome,
      rejectionReasonId: reason?.id ?? null,
      outcomeAt: outcome === 'active' ? null : sql`now()`,
      version: sql`${applications.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(applications.clientId, a.clientId), eq(applications.id, a.id)));
  const stage = ctx.stagesByJob.get(a.jobId)?.find((s) => s.id === a.stageId) ?? null;
  await recordStageChange(tx, {
    actor,
    app: a,
    jobTitle: ctx.titles.get(a.jobId) ?? '',
    from: stage,
    to: stage,
    outcome,
    action,
    reasonId: reason?.id,
    reasonLabel: reason?.label,
  });
}

/**
 * `POST /api/applications/reject`: rejects each active application with one of the client's reasons;
 * with an email template, schedules one rejection email per application for `sendAt` (default 09:00
 * the next morning in the client's time zone), cancellable until it goes.
 */
export const reject: Operation<typeof r.reject, 'db' | 'queue'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, PIPELINE_READERS, 'applications');
  const sendAt = input.sendAt ? new Date(input.sendAt) : nextMorning(client.timeZone);
  if (input.sendAt && sendAt.getTime() < Date.now() - 60_000) throw badRequest('sendAt', messages.pipeline.sendAtPast);
  const scheduled: string[] = [];
  const result = await deps.db.transaction(async (tx) => {
    const reasons = await ensureReasons(tx, client.id);
    const reason = reasons.find((x) => x.id === input.reasonId && !x.archived);
    if (!reason) throw badRequest('reasonId', messages.pipeline.reasonNotFound);
    let template: typeof emailTemplates.$inferSelect | undefined;
    if (input.emailTemplateId) {
      [template] = await tx
        .select()
        .from(emailTemplates)
        .where(and(eq(emailTemplates.clientId, client.id), eq(emailTemplates.id, input.emailTemplateId)))
        .limit(1);
      if (!template) throw badRequest('emailTemplateId', messages.pipeline.emailTemplateNotFound);
    }
    const ctx = await lockAll(tx, client.id, input.applicationIds);
    const skipped: Skipped[] = [];
    let count = 0;
    for (const a of ctx.apps) {
      if (a.outcome !== 'active') {
        skipped.push({ applicationId: a.id, reason: messages.pipeline.notActive(a.outcome) });
        continue;
      }
      await setOutcome(tx, input.actor ?? null, ctx, a, 'rejected', 'reject', { id: reason.id, label: reason.label });
      count++;
      if (template) {
        const [c] = await tx
          .select({ email: candidates.email, anonymizedAt: candidates.anonymizedAt })
          .from(candidates)
          .where(and(eq(candidates.clientId, client.id), eq(candidates.id, a.candidateId)));
        if (!c?.email?.trim() || c.anonymizedAt) continue;
        const [e] = await tx
          .insert(rejectionEmails)
          .values({
            clientId: client.id,
            applicationId: a.id,
            candidateId: a.candidateId,
            templateId: template.id,
            toEmail: c.email.trim(),
            subject: template.subject,
            body: template.emailValue,
            sendAt,
            createdBy: input.actor?.id ?? null,
          })
          .returning({ id: rejectionEmails.id });
        scheduled.push(e.id);
      }
    }
    return {
      count,
      skipped,
      message: messages.pipeline.rejected(count),
      emailsScheduled: scheduled.length,
      sendAt: scheduled.length ? sendAt.toISOString() : null,
    };
  });
  // After the commit: the queue job sends each at its time (and re-checks it was not cancelled).
  for (const id of scheduled) await deps.queue.send(REJECTION_EMAIL_QUEUE, { clientId: client.id, id }, { startAfter: sendAt });
  return result;
};

/** `POST /api/applications/reopen`: rejected or withdrawn applications become active again in the stage they were in; a rejection email not yet sent is cancelled. */
export const reopen: Operation<typeof r.reopen, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, PIPELINE_READERS, 'applications');
  return deps.db.transaction(async (tx) => {
    const ctx = await lockAll(tx, client.id, input.applicationIds);
    const skipped: Skipped[] = [];
    let count = 0;
    for (const a of ctx.apps) {
      if (a.outcome === 'active') {
        skipped.push({
          applicationId: a.id,
          reason: messages.pipeline.alreadyInStage(ctx.stagesByJob.get(a.jobId)?.find((s) => s.id === a.stageId)?.name ?? ''),
        });
        continue;
      }
      await setOutcome(tx, input.actor ?? null, ctx, a, 'active', 'reopen');
      await tx
        .update(rejectionEmails)
        .set({ status: 'cancelled', cancelledAt: new Date() })
        .where(and(eq(rejectionEmails.clientId, client.id), eq(rejectionEmails.applicationId, a.id), eq(rejectionEmails.status, 'scheduled')));
      count++;
    }
    return { count, skipped, message: messages.pipeline.reopened(count) };
  });
};

/** `POST /api/applications/withdraw`: the candidate withdrew; active applications only. */
export const withdraw: Operation<typeof r.withdraw, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, PIPELINE_READERS, 'applications');
  return deps.db.transaction(async (tx) => {
    const ctx = await lockAll(tx, client.id, input.applicationIds);
    const skipped: Skipped[] = [];
    let count = 0;
    for (const a of ctx.apps) {
      if (a.outcome !== 'active') {
        skipped.push({ applicationId: a.id, reason: messages.pipeline.notActive(a.outcome) });
        continue;
      }
      await setOutcome(tx, input.actor ?? null, ctx, a, 'withdrawn', 'withdraw');
      count++;
    }
    return { count, skipped, message: messages.pipeline.withdrawn(count) };
  });
};
