import { messages } from '@hh/contract/messages';
import type { schedulingRoutes as r } from '@hh/contract/scheduling';
import { and, eq } from 'drizzle-orm';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { scheduledInterviewHolds, scheduledInterviews } from '../db/schema/scheduling.ts';
import { conflict } from '../lib/app-error.ts';
import { deleteCalendarCopies } from './calendar-copies.ts';
import { linkOfToken, loadContext } from './load-link.ts';
import { writeInterviewMails } from './notify.ts';

/**
 * POST /api/scheduling/{token}/cancel: the candidate cancels the booked interview (until it ends).
 * The row stays, marked cancelled; the interviewers' holds are released, everyone gets a
 * METHOD:CANCEL invitation, and the calendar copies are deleted after the commit.
 */
export const cancelBooking: Operation<typeof r.cancel, 'db' | 'mail' | 'storage' | 'config' | 'log'> = async (deps, input) => {
  const now = new Date();
  const done = await deps.db.transaction(async (tx) => {
    const link = await linkOfToken(tx, input.token, true);
    const ctx = await loadContext(tx, link);
    const s = ctx.scheduled;
    if (s?.cancelledAt) throw conflict('scheduling', messages.scheduling.cancelled);
    if (!s || s.endsAt <= now) throw conflict('scheduling', messages.scheduling.notBooked);
    const clientId = link.clientId;
    const sequence = s.sequence + 1;
    await tx
      .update(scheduledInterviews)
      .set({ cancelledAt: now, sequence, updatedAt: now })
      .where(and(eq(scheduledInterviews.clientId, clientId), eq(scheduledInterviews.id, s.id)));
    const copies = await tx
      .delete(scheduledInterviewHolds)
      .where(and(eq(scheduledInterviewHolds.clientId, clientId), eq(scheduledInterviewHolds.scheduledInterviewId, s.id)))
      .returning({ userId: scheduledInterviewHolds.userId, connectionId: scheduledInterviewHolds.connectionId, objectUrl: scheduledInterviewHolds.objectUrl });
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
      actor: null,
      clientId,
      action: 'update',
      entity: 'scheduled-interview',
      entityId: s.id,
      changes: { cancelled: true, by: 'candidate' },
    });
    return { clientId, copies, outboxIds: mails.outboxIds };
  });
  for (const id of done.outboxIds) await deps.mail.deliver(id);
  await deleteCalendarCopies(deps, { clientId: done.clientId, copies: done.copies });
  return { message: messages.scheduling.cancelledThanks };
};
