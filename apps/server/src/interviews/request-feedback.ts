import type { interviewsRoutes as r } from '@hh/contract/interviews';
import { messages } from '@hh/contract/messages';
import { requireClient } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Deps } from '../core/deps.ts';
import type { Operation } from '../core/operation.ts';
import { feedbackRequests } from '../db/schema/interviews.ts';
import { badRequest, notFound } from '../lib/app-error.ts';
import { FEEDBACK_REMINDER_QUEUE, REMINDER_HOURS, writeFeedbackMail } from './feedback-mail.ts';
import { loadApplication, loadPlan } from './interview-checks.ts';
import { HIRING_TEAM } from './rights.ts';

/**
 * Asks the interviewers of one interview of the application's job (or of all of its interviews) for
 * their scorecards: a feedback request per interviewer (who then "interviews" the application), an
 * email with the link to the scorecard form, and a reminder queued for 24 h later. An interviewer
 * already asked is not asked again. Used by the call below and, through index.ts, by other domains
 * (the pipeline, when an application enters an interview stage).
 */
export async function requestFeedbackFor(
  deps: Pick<Deps, 'db' | 'mail' | 'queue' | 'config'>,
  input: { actor: Actor | null; clientId: string; applicationId: string; interviewId?: string },
): Promise<number> {
  const app = await loadApplication({ db: deps.db }, { clientId: input.clientId, applicationId: input.applicationId });
  const plan = await loadPlan(deps.db, input.clientId, app.jobId);
  const chosen = input.interviewId ? plan.interviews.filter((i) => i.id === input.interviewId) : plan.interviews;
  if (input.interviewId && !chosen.length) throw notFound('interviewId', messages.interviews.interviewNotFound);
  if (!chosen.length) throw badRequest('interviewId', messages.interviews.noInterviews);
  if (!chosen.some((i) => i.interviewers.length)) throw badRequest('interviewId', messages.interviews.noInterviewers);
  const remindAt = new Date(Date.now() + REMINDER_HOURS * 3600_000);

  const sent = await deps.db.transaction(async (tx) => {
    const out: { outboxId: string | null; interviewId: string; userId: string }[] = [];
    for (const iv of chosen) {
      for (const p of iv.interviewers) {
        const [row] = await tx
          .insert(feedbackRequests)
          .values({
            clientId: input.clientId,
            applicationId: app.id,
            interviewId: iv.id,
            userId: p.id,
            requestedBy: input.actor?.id ?? null,
            nextReminderAt: remindAt,
          })
          .onConflictDoNothing()
          .returning({ userId: feedbackRequests.userId });
        if (!row) continue;
        const outboxId = await writeFeedbackMail(deps, tx, {
          clientId: input.clientId,
          userId: p.id,
          applicationId: app.id,
          interviewId: iv.id,
          interviewName: iv.name,
          candidateName: app.candidateName,
          jobTitle: app.jobTitle,
          reminder: false,
        });
        out.push({ outboxId, interviewId: iv.id, userId: p.id });
      }
    }
    if (out.length)
      await logActivity(tx, {
        actor: input.actor,
        clientId: input.clientId,
        action: 'create',
        entity: 'feedback-request',
        entityId: app.id,
        changes: { requests: out.map((o) => ({ interviewId: o.interviewId, userId: o.userId })) },
      });
    return out;
  });
  for (const s of sent) {
    if (s.outboxId) await deps.mail.deliver(s.outboxId);
    await deps.queue.send(
      FEEDBACK_REMINDER_QUEUE,
      { clientId: input.clientId, applicationId: app.id, interviewId: s.interviewId, userId: s.userId },
      { startAfter: remindAt },
    );
  }
  return sent.length;
}

/** `POST /api/applications/:id/feedback-requests`: the hiring team asks for scorecards. */
export const requestFeedback: Operation<typeof r.requestFeedback, 'db' | 'mail' | 'queue' | 'config'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, HIRING_TEAM, 'interviews');
  const n = await requestFeedbackFor(deps, { actor: input.actor, clientId: client.id, applicationId: input.id, interviewId: input.interviewId });
  return { requested: n, message: messages.interviews.feedbackRequested(n) };
};
