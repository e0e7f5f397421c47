import type { interviewsRoutes as r } from '@hh/contract/interviews';
import { messages } from '@hh/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import { may, requireClient } from '../auth/access.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { feedbackRequests, interviewInterviewers, interviews, scorecardAttributes, scorecardRatings, scorecards } from '../db/schema/interviews.ts';
import { badRequest, forbidden, notFound } from '../lib/app-error.ts';
import { interviewsApplication, loadApplication } from './interview-checks.ts';
import { HIRING_TEAM, INTERVIEWERS } from './rights.ts';
import { loadScorecards } from './serialize-scorecard.ts';

/**
 * `POST /api/scorecards`: the signed-in interviewer's scorecard for one interview of an application.
 * One per interviewer, interview and application: submitting again edits it (the ratings are replaced).
 * Only an interviewer on that interview may submit it (403 naming the interview); a user outside the
 * hiring team reaches only the applications they were asked about (404 otherwise, like a missing one).
 */
export const submitScorecard: Operation<typeof r.submitScorecard, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, INTERVIEWERS, 'scorecard');
  const actor = input.actor;
  const app = await loadApplication({ db: deps.db }, { clientId: client.id, applicationId: input.applicationId });
  if (!may(actor, HIRING_TEAM) && !(await interviewsApplication(deps.db, client.id, app.id, actor.id)))
    throw notFound('application', messages.interviews.applicationNotFound);
  const [iv] = await deps.db
    .select({ id: interviews.id, name: interviews.name, jobId: interviews.jobId })
    .from(interviews)
    .where(and(eq(interviews.clientId, client.id), eq(interviews.id, input.interviewId)))
    .limit(1);
  if (!iv) throw notFound('interviewId', messages.interviews.interviewNotFound);
  if (iv.jobId !== app.jobId) throw badRequest('interviewId', messages.interviews.interviewOtherJob(iv.name));
  const [onIt] = await deps.db
    .select({ one: interviewInterviewers.userId })
    .from(interviewInterviewers)
    .where(and(eq(interviewInterviewers.clientId, client.id), eq(interviewInterviewers.interviewId, iv.id), eq(interviewInterviewers.userId, actor.id)))
    .limit(1);
  if (!onIt) throw forbidden('interviewId', messages.interviews.notOnInterview(iv.name));

  const attrs = await deps.db
    .select({ id: scorecardAttributes.id })
    .from(scorecardAttributes)
    .where(and(eq(scorecardAttributes.clientId, client.id), eq(scorecardAttributes.jobId, app.jobId)));
  const onJob = new Set(attrs.map((a) => a.id));
  const seen = new Set<string>();
  for (const [n, x] of input.ratings.entries()) {
    if (!onJob.has(x.attributeId)) throw badRequest(`ratings.${n}.attributeId`, messages.interviews.attributeNotOnJob(x.attributeId));
    if (seen.has(x.attributeId)) throw badRequest(`ratings.${n}.attributeId`, messages.interviews.attributeRatedTwice(x.attributeId));
    seen.add(x.attributeId);
  }

  const { id, created } = await deps.db.transaction(async (tx) => {
    // One statement decides between a first submission and an edit, so two submissions at once make one card.
    const [row] = await tx
      .insert(scorecards)
      .values({ clientId: client.id, applicationId: app.id, interviewId: iv.id, interviewerId: actor.id, overall: input.overall, notes: input.notes })
      .onConflictDoUpdate({
        target: [scorecards.clientId, scorecards.applicationId, scorecards.interviewId, scorecards.interviewerId],
        set: { overall: input.overall, notes: input.notes, updatedAt: new Date() },
      })
      .returning({ id: scorecards.id, created: sql<boolean>`(xmax = 0)` });
    await tx.delete(scorecardRatings).where(and(eq(scorecardRatings.clientId, client.id), eq(scorecardRatings.scorecardId, row.id)));
    if (input.ratings.length)
      await tx
        .insert(scorecardRatings)
        .values(input.ratings.map((x) => ({ clientId: client.id, scorecardId: row.id, attributeId: x.attributeId, rating: x.rating })));
    // Submitted: no more reminders for this interview.
    await tx
      .update(feedbackRequests)
      .set({ nextReminderAt: null })
      .where(
        and(
          eq(feedbackRequests.clientId, client.id),
          eq(feedbackRequests.applicationId, app.id),
          eq(feedbackRequests.interviewId, iv.id),
          eq(feedbackRequests.userId, actor.id),
        ),
      );
    await logActivity(tx, {
      actor,
      clientId: client.id,
      action: row.created ? 'create' : 'update',
      entity: 'scorecard',
      entityId: row.id,
      changes: { applicationId: app.id, interviewId: iv.id, overall: input.overall },
    });
    return row;
  });
  const [card] = await loadScorecards(deps.db, client.id, app.id, { id });
  return { scorecard: card, created, message: created ? messages.interviews.scorecardSubmitted : messages.interviews.scorecardUpdated };
};
