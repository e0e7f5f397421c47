import { messages } from '@hh/contract/messages';
import type { schedulingRoutes as r } from '@hh/contract/scheduling';
import { and, eq } from 'drizzle-orm';
import { logActivity } from '../core/activity-log.ts';
import type { Deps } from '../core/deps.ts';
import type { Operation } from '../core/operation.ts';
import { scheduledInterviewHolds, scheduledInterviews } from '../db/schema/scheduling.ts';
import { conflict } from '../lib/app-error.ts';
import type { Changer } from './book-slot.ts';
import { enqueueCalendarCopies, planCalendarRemovals } from './calendar-copies.ts';
import { linkOfToken, loadContext } from './load-link.ts';
import { writeInterviewMails } from './notify.ts';
import { clearReminders } from './reminders.ts';

/**
 * Cancels the link's booked interview (until it ends), for the candidate or the hiring team. The row
 * stays, marked cancelled; the interviewers' holds are released, everyone (the candidate too) gets a
 * METHOD:CANCEL invitation, and the queue deletes the calendar copies after the commit.
 */
export async function cancelLinkBooking(deps: Pick<Deps, 'db' | 'mail' | 'storage' | 'config' | 'log' | 'queue'>, who: Changer) {
  const now = new Date();
  const done = await deps.db.transaction(async (tx) => {
    const link = await who.link(tx);
    const ctx = await loadContext(tx, link);
    const s = ctx.scheduled;
    if (s?.cancelledAt) throw conflict('scheduling', messages.scheduling.cancelled);
    if (!s) throw conflict('scheduling', messages.scheduling.notBooked);
    if (s.endsAt <= now) throw conflict('scheduling', who.by === 'team' ? messages.scheduling.interviewOver : messages.scheduling.notBooked);
    const clientId = link.clientId;
    const sequence = s.sequence + 1;
    await tx
      .update(scheduledInterviews)
      .set({ cancelledAt: now, sequence, updatedAt: now })
      .where(and(eq(scheduledInterviews.clientId, clientId), eq(scheduledInterviews.id, s.id)));
    await tx.delete(scheduledInterviewHolds).where(and(eq(scheduledInterviewHolds.clientId, clientId), eq(scheduledInterviewHolds.scheduledInterviewId, s.id)));
    const copies = await planCalendarRemovals(tx, clientId, s.id);
    await clearReminders(tx, clientId, s.id);
    const mails = await writeInterviewMails(deps, tx, {
      ctx,
      scheduledId: s.id,
      sequence,
      start: s.startsAt,
      end: s.endsAt,
      timeZone: s.timeZone,
      change: 'cancelled',
      manageLink: null,
    });
    await logActivity(tx, {
      actor: who.actor,
      clientId,
      action: 'update',
      entity: 'scheduled-interview',
      entityId: s.id,
      changes: { cancelled: true, by: who.by },
    });
    return { clientId, scheduledId: s.id, linkId: link.id, applicationId: link.applicationId, copies, outboxIds: mails.outboxIds };
  });
  for (const id of done.outboxIds) await deps.mail.deliver(id);
  await enqueueCalendarCopies(deps, done.clientId, done.scheduledId, done.copies);
  return done;
}

/** POST /api/scheduling/{token}/cancel: the candidate cancels the booked interview (until it ends). */
export const cancelBooking: Operation<typeof r.cancel, 'db' | 'mail' | 'storage' | 'config' | 'log' | 'queue'> = async (deps, input) => {
  await cancelLinkBooking(deps, { link: (tx) => linkOfToken(tx, input.token, true), by: 'candidate', actor: null, manageLink: null });
  return { message: messages.scheduling.cancelledThanks };
};
