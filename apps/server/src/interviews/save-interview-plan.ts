import type { interviewsRoutes as r } from '@hh/contract/interviews';
import { messages } from '@hh/contract/messages';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { users } from '../db/schema/core.ts';
import { interviewInterviewers, interviews, scorecardAttributes, scorecardRatings, scorecards } from '../db/schema/interviews.ts';
import { jobs } from '../db/schema/jobs.ts';
import { badRequest, conflict } from '../lib/app-error.ts';
import { loadJob } from './interview-checks.ts';
import { interviewStages, planReply } from './get-interview-plan.ts';
import { PLAN_EDITORS } from './rights.ts';

/**
 * `PUT /api/jobs/:jobId/interview-plan`: the plan as sent becomes the job's plan, in one transaction.
 * Interviews and attributes that carry an id are edited in place (their scorecards stay); those without
 * are added; those left out are removed, unless scorecards already use them (409: feedback is never
 * lost by editing a plan). Interviewers must be users of the client.
 */
export const saveInterviewPlan: Operation<typeof r.savePlan, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, PLAN_EDITORS, 'interviews');
  return deps.db.transaction(async (tx) => {
    // The job's row is locked so two saves of the same plan run one after the other.
    const job = await loadJob(tx, client.id, input.jobId);
    await tx.execute(sql`SELECT 1 FROM ${jobs} WHERE ${jobs.clientId} = ${client.id} AND ${jobs.id} = ${job.id} FOR UPDATE`);

    const current = await tx
      .select({ id: interviews.id, name: interviews.name, stageId: interviews.stageId })
      .from(interviews)
      .where(and(eq(interviews.clientId, client.id), eq(interviews.jobId, job.id)));
    const currentAttrs = await tx
      .select({ id: scorecardAttributes.id, name: scorecardAttributes.name })
      .from(scorecardAttributes)
      .where(and(eq(scorecardAttributes.clientId, client.id), eq(scorecardAttributes.jobId, job.id)));

    const known = new Set(current.map((i) => i.id));
    for (const [n, i] of input.interviews.entries())
      if (i.id && !known.has(i.id)) throw badRequest(`interviews.${n}.id`, messages.interviews.unknownInterview(i.id));
    const knownAttrs = new Set(currentAttrs.map((a) => a.id));
    for (const [n, a] of input.attributes.entries())
      if (a.id && !knownAttrs.has(a.id)) throw badRequest(`attributes.${n}.id`, messages.interviews.unknownAttribute(a.id));

    // Interviewers: users of this client, active.
    const wanted = [...new Set(input.interviews.flatMap((i) => i.interviewerIds))];
    if (wanted.length) {
      const members = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.clientId, client.id), eq(users.status, 'Active'), inArray(users.id, wanted)));
      const ok = new Set(members.map((m) => m.id));
      for (const [n, i] of input.interviews.entries()) {
        const bad = i.interviewerIds.find((u) => !ok.has(u));
        if (bad) throw badRequest(`interviews.${n}.interviewerIds`, messages.interviews.interviewerNotMember(bad));
      }
    }
    // Stages: an interview belongs to one of the job's interview stages; without one named, the first of them.
    const stages = await interviewStages(tx, client.id, job.id);
    for (const [n, i] of input.interviews.entries())
      if (i.stageId && !stages.some((s) => s.id === i.stageId)) throw badRequest(`interviews.${n}.stageId`, messages.interviews.stageNotInterview(i.stageId));
    // Not named: an interview keeps its stage, a new one goes to the first interview stage.
    const stageOf = (i: (typeof input.interviews)[number]) => {
      if (i.stageId !== undefined) return i.stageId;
      if (i.id) return current.find((c) => c.id === i.id)?.stageId ?? null;
      return stages[0]?.id ?? null;
    };

    // Removed interviews and attributes: refused while scorecards use them.
    const keep = new Set(input.interviews.flatMap((i) => (i.id ? [i.id] : [])));
    const removed = current.filter((i) => !keep.has(i.id));
    if (removed.length) {
      const [used] = await tx
        .select({ id: scorecards.interviewId })
        .from(scorecards)
        .where(
          and(
            eq(scorecards.clientId, client.id),
            inArray(
              scorecards.interviewId,
              removed.map((i) => i.id),
            ),
          ),
        )
        .limit(1);
      if (used) throw conflict('interviews', messages.interviews.interviewHasScorecards(removed.find((i) => i.id === used.id)?.name ?? ''));
      await tx.delete(interviews).where(
        and(
          eq(interviews.clientId, client.id),
          inArray(
            interviews.id,
            removed.map((i) => i.id),
          ),
        ),
      );
    }
    const keepAttrs = new Set(input.attributes.flatMap((a) => (a.id ? [a.id] : [])));
    const removedAttrs = currentAttrs.filter((a) => !keepAttrs.has(a.id));
    if (removedAttrs.length) {
      const [used] = await tx
        .select({ id: scorecardRatings.attributeId })
        .from(scorecardRatings)
        .where(
          and(
            eq(scorecardRatings.clientId, client.id),
            inArray(
              scorecardRatings.attributeId,
              removedAttrs.map((a) => a.id),
            ),
          ),
        )
        .limit(1);
      if (used) throw conflict('attributes', messages.interviews.attributeHasRatings(removedAttrs.find((a) => a.id === used.id)?.name ?? ''));
      await tx.delete(scorecardAttributes).where(
        and(
          eq(scorecardAttributes.clientId, client.id),
          inArray(
            scorecardAttributes.id,
            removedAttrs.map((a) => a.id),
          ),
        ),
      );
    }

    for (const [position, i] of input.interviews.entries()) {
      const values = {
        name: i.name,
        durationMinutes: i.durationMinutes,
        position,
        stageId: stageOf(i),
        focus: i.kit.focus,
        questions: i.kit.questions,
        goodLooksLike: i.kit.goodLooksLike,
        updatedAt: new Date(),
      };
      let interviewId = i.id;
      if (interviewId) {
        await tx
          .update(interviews)
          .set(values)
          .where(and(eq(interviews.clientId, client.id), eq(interviews.id, interviewId)));
        await tx.delete(interviewInterviewers).where(and(eq(interviewInterviewers.clientId, client.id), eq(interviewInterviewers.interviewId, interviewId)));
      } else {
        const [row] = await tx
          .insert(interviews)
          .values({ clientId: client.id, jobId: job.id, ...values })
          .returning({ id: interviews.id });
        interviewId = row.id;
      }
      const panel = [...new Set(i.interviewerIds)];
      if (panel.length)
        await tx
          .insert(interviewInterviewers)
          .values(panel.map((userId) => ({ clientId: client.id, interviewId: interviewId as string, userId, inPool: i.poolIds.includes(userId) })));
    }
    for (const [position, a] of input.attributes.entries()) {
      if (a.id)
        await tx
          .update(scorecardAttributes)
          .set({ category: a.category, name: a.name, position })
          .where(and(eq(scorecardAttributes.clientId, client.id), eq(scorecardAttributes.id, a.id)));
      else await tx.insert(scorecardAttributes).values({ clientId: client.id, jobId: job.id, category: a.category, name: a.name, position });
    }
    await logActivity(tx, {
      actor: input.actor,
      clientId: client.id,
      action: 'update',
      entity: 'interview-plan',
      entityId: job.id,
      changes: { interviews: input.interviews.map((i) => i.name), attributes: input.attributes.map((a) => a.name) },
    });
    return { ...(await planReply(tx, client.id, job)), message: messages.interviews.planSaved };
  });
};
