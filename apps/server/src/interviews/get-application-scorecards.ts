import { type Rating, RATINGS, ratingScore, type Scorecard, type interviewsRoutes as r } from '@hh/contract/interviews';
import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { may, requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { feedbackRequests } from '../db/schema/interviews.ts';
import { notFound } from '../lib/app-error.ts';
import { interviewsApplication, loadApplication, loadPlan, peopleById } from './interview-checks.ts';
import { HIRING_TEAM, INTERVIEWERS } from './rights.ts';
import { loadScorecards } from './serialize-scorecard.ts';

const zero = (): Record<Rating, number> => ({ strong_no: 0, no: 0, yes: 0, strong_yes: 0 });
const average = (counts: Record<Rating, number>) => {
  const n = RATINGS.reduce((s, k) => s + counts[k], 0);
  return n ? Math.round((RATINGS.reduce((s, k) => s + counts[k] * ratingScore[k], 0) / n) * 100) / 100 : null;
};

/**
 * `GET /api/applications/:id/scorecards`, with the bias control: the hiring team (the client's recruiters,
 * admins) sees every card; an interviewer outside it sees only the applications they interview, and the
 * other interviewers' cards (ratings, recommendation, notes, and so the aggregate) only once they have
 * submitted a card of their own for this application. Who is still to submit is shown to both.
 */
export const getApplicationScorecards: Operation<typeof r.applicationScorecards, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, INTERVIEWERS, 'scorecards');
  const actor = input.actor;
  const app = await loadApplication({ db: deps.db }, { clientId: client.id, applicationId: input.id });
  const team = may(actor, HIRING_TEAM);
  if (!team && !(await interviewsApplication(deps.db, client.id, app.id, actor.id))) throw notFound('application', messages.interviews.applicationNotFound);

  const plan = await loadPlan(deps.db, client.id, app.jobId);
  const all = await loadScorecards(deps.db, client.id, app.id);
  const mine = all.filter((c) => c.interviewer.id === actor.id);
  const visible: Scorecard[] = team || mine.length ? all : mine;
  const hidden = visible.length < all.length || (!team && !mine.length);

  const byAttr = new Map(plan.attributes.map((a) => [a.id, zero()]));
  const overall = zero();
  for (const c of visible) {
    overall[c.overall]++;
    for (const x of c.ratings) {
      const counts = byAttr.get(x.attributeId);
      if (counts) counts[x.rating]++;
    }
  }

  // Asked and not yet submitted (only while still on that interview's panel).
  const requests = await deps.db
    .select({ interviewId: feedbackRequests.interviewId, userId: feedbackRequests.userId })
    .from(feedbackRequests)
    .where(and(eq(feedbackRequests.clientId, client.id), eq(feedbackRequests.applicationId, app.id)));
  const submitted = new Set(all.map((c) => `${c.interviewId}:${c.interviewer.id}`));
  const open = requests.filter(
    (q) =>
      !submitted.has(`${q.interviewId}:${q.userId}`) && plan.interviews.some((i) => i.id === q.interviewId && i.interviewers.some((p) => p.id === q.userId)),
  );
  const people = await peopleById(
    deps.db,
    open.map((q) => q.userId),
  );

  return {
    application: app,
    interviews: plan.interviews.map((i) => ({ ...i, onIt: i.interviewers.some((p) => p.id === actor.id) })),
    attributes: plan.attributes,
    mine,
    visibility: hidden ? 'hidden' : 'all',
    hiddenReason: hidden ? messages.interviews.hiddenUntilSubmitted : null,
    scorecards: visible,
    aggregate: hidden
      ? []
      : plan.attributes.map((a) => ({ attributeId: a.id, counts: byAttr.get(a.id) ?? zero(), average: average(byAttr.get(a.id) ?? zero()) })),
    overall: hidden ? null : { counts: overall, average: average(overall) },
    pending: open.flatMap((q) => {
      const p = people.get(q.userId);
      const iv = plan.interviews.find((i) => i.id === q.interviewId);
      return p && iv ? [{ interviewId: iv.id, interviewName: iv.name, userId: p.id, name: p.name }] : [];
    }),
    canRequest: team,
  };
};
