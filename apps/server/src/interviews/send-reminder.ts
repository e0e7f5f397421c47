import { and, eq, isNotNull } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';
import { feedbackRequests, interviewInterviewers, interviews, scorecards } from '../db/schema/interviews.ts';
import { FEEDBACK_REMINDER_QUEUE, MAX_REMINDERS, REMINDER_HOURS, writeFeedbackMail } from './feedback-mail.ts';
import { loadApplication } from './interview-checks.ts';

export interface ReminderData {
  clientId: string;
  applicationId: string;
  interviewId: string;
  userId: string;
}

/**
 * The reminder job: while the interviewer's scorecard is missing (and they are still on the interview),
 * emails them again once the request's reminder time has come, and queues the next one 24 h later (at
 * most MAX_REMINDERS). Run early (the inline queue of one-off commands, a retry), it puts itself back
 * for its time; a submitted card clears the reminder time, so nothing more is sent.
 */
export async function sendFeedbackReminder(deps: Pick<Deps, 'db' | 'queue' | 'mail' | 'config'>, d: ReminderData): Promise<void> {
  const where = and(
    eq(feedbackRequests.clientId, d.clientId),
    eq(feedbackRequests.applicationId, d.applicationId),
    eq(feedbackRequests.interviewId, d.interviewId),
    eq(feedbackRequests.userId, d.userId),
    isNotNull(feedbackRequests.nextReminderAt),
  );
  const [req] = await deps.db.select().from(feedbackRequests).where(where).limit(1);
  if (!req?.nextReminderAt) return;
  if (req.nextReminderAt.getTime() > Date.now() + 1000) {
    if (deps.queue.boss) await deps.queue.send(FEEDBACK_REMINDER_QUEUE, d, { startAfter: req.nextReminderAt });
    return;
  }
  const [card] = await deps.db
    .select({ id: scorecards.id })
    .from(scorecards)
    .where(
      and(
        eq(scorecards.clientId, d.clientId),
        eq(scorecards.applicationId, d.applicationId),
        eq(scorecards.interviewId, d.interviewId),
        eq(scorecards.interviewerId, d.userId),
      ),
    )
    .limit(1);
  const [onIt] = await deps.db
    .select({ name: interviews.name })
    .from(interviewInterviewers)
    .innerJoin(interviews, and(eq(interviews.clientId, interviewInterviewers.clientId), eq(interviews.id, interviewInterviewers.interviewId)))
    .where(
      and(eq(interviewInterviewers.clientId, d.clientId), eq(interviewInterviewers.interviewId, d.interviewId), eq(interviewInterviewers.userId, d.userId)),
    )
    .limit(1);
  if (card || !onIt) {
    await deps.db.update(feedbackRequests).set({ nextReminderAt: null }).where(where);
    return;
  }
  const app = await loadApplication({ db: deps.db }, { clientId: d.clientId, applicationId: d.applicationId }).catch(() => null);
  if (!app) return;
  const sentCount = req.remindersSent + 1;
  const next = sentCount < MAX_REMINDERS ? new Date(Date.now() + REMINDER_HOURS * 3600_000) : null;
  const outboxId = await deps.db.transaction(async (tx) => {
    // Claim this reminder (the row still has the time read above), so a second run sends nothing.
    const [claimed] = await tx
      .update(feedbackRequests)
      .set({ remindersSent: sentCount, nextReminderAt: next })
      .where(and(where, eq(feedbackRequests.remindersSent, req.remindersSent)))
      .returning({ userId: feedbackRequests.userId });
    if (!claimed) return null;
    return writeFeedbackMail(deps, tx, { ...d, interviewName: onIt.name, candidateName: app.candidateName, jobTitle: app.jobTitle, reminder: true });
  });
  if (outboxId) await deps.mail.deliver(outboxId);
  if (outboxId && next) await deps.queue.send(FEEDBACK_REMINDER_QUEUE, d, { startAfter: next });
}
