import { randomUUID } from 'node:crypto';
import { messages } from '@hh/contract/messages';
import type { schedulingRoutes as r } from '@hh/contract/scheduling';
import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Deps } from '../core/deps.ts';
import type { Operation } from '../core/operation.ts';
import type { DbOrTx } from '../db/client.ts';
import { type SchedulingLinkRow, scheduledInterviewHolds, scheduledInterviews, schedulingLinks } from '../db/schema/scheduling.ts';
import { AppError, badRequest, conflict } from '../lib/app-error.ts';
import { enqueueCalendarCopies, planCalendarCopies } from './calendar-copies.ts';
import { type LinkContext, linkOfToken, loadContext } from './load-link.ts';
import { choosePoolMember, lockPool } from './pool.ts';
import { schedulePageUrl, writeInterviewMails } from './notify.ts';
import { enqueueReminders, type PlannedReminder, planReminders } from './reminders.ts';
import { checkTimeZone, formatWhen, offeredSlots, slotWords, teamWindow } from './slots.ts';

type BookDeps = Pick<Deps, 'db' | 'mail' | 'storage' | 'config' | 'log' | 'queue'>;

/** Thrown inside the transaction when the time is no longer free; answered as 409 with the next free times. */
class Taken extends Error {}

/** PostgreSQL's exclusion_violation: another booking of an interviewer overlapping this one committed first. */
function isOverlap(e: unknown): boolean {
  for (let cur = e, i = 0; cur && i < 4; cur = (cur as { cause?: unknown }).cause, i++) {
    const c = cur as { code?: string; constraint?: string };
    if (c.code === '23P01') return true;
  }
  return false;
}

/** Whether [start, end) overlaps an interview already booked with one of the required interviewers, or with every member of the pool. */
async function overlapsBooked(db: DbOrTx, ctx: LinkContext, start: Date, end: Date, exceptId: string | null): Promise<boolean> {
  const rows = await db
    .select({ id: scheduledInterviewHolds.scheduledInterviewId, userId: scheduledInterviewHolds.userId })
    .from(scheduledInterviewHolds)
    .where(
      and(
        eq(scheduledInterviewHolds.clientId, ctx.link.clientId),
        inArray(
          scheduledInterviewHolds.userId,
          [...ctx.interviewers, ...ctx.pool].map((p) => p.id),
        ),
        lt(scheduledInterviewHolds.startsAt, end),
        gt(scheduledInterviewHolds.endsAt, start),
      ),
    );
  const busy = new Set(rows.filter((x) => x.id !== exceptId).map((x) => x.userId));
  return ctx.interviewers.some((p) => busy.has(p.id)) || (ctx.pool.length > 0 && ctx.pool.every((p) => busy.has(p.id)));
}

/** Who changes a booking and how their link is found (the candidate by the token, the hiring team by the link's id). */
export interface Changer {
  /** Loads the link inside the transaction, locked (one link books once); throws 404 when it is not there. */
  link: (tx: DbOrTx) => Promise<SchedulingLinkRow>;
  by: 'candidate' | 'team';
  actor: Actor | null;
  /** The candidate's page, linked from the candidate's mail (null when the caller does not hold the token). */
  manageLink: string | null;
}

/**
 * Books (or moves) the link's interview at `start`. The link row is locked, so one link books once;
 * the time must be one of those offered now (every interviewer free). Two links racing for the same
 * interviewer's time are settled by the database: the holds' exclusion constraint lets one commit
 * and fails the other (exclusion_violation), which is answered 409 "just taken" with the next free
 * times in the caller's zone. Mails are written in the transaction and delivered after it; the
 * calendar copies are planned in it and written by the queue after it. The candidate books and moves inside the link's window,
 * before it expires; the hiring team moves to any time offered by `teamWindow` (expiry aside).
 */
export async function bookOrMove(deps: BookDeps, who: Changer, startIso: string, timeZoneIn: string, move: boolean) {
  const timeZone = checkTimeZone(timeZoneIn);
  const start = new Date(startIso);
  const now = new Date();
  const team = who.by === 'team';
  let ctxForRetry: LinkContext | null = null;
  let result: {
    outboxIds: string[];
    copies: string[];
    scheduledId: string;
    end: Date;
    clientId: string;
    linkId: string;
    reminders: PlannedReminder[];
  };
  try {
    result = await deps.db.transaction(async (tx) => {
      const link = await who.link(tx);
      let ctx = await loadContext(tx, link);
      ctxForRetry = ctx;
      // A pool is chosen from one booking at a time (the members' advisory locks), before the times are read.
      if (!move && ctx.pool.length) await lockPool(tx, link.clientId, ctx.pool);
      if (move) {
        if (!ctx.scheduled) throw conflict('scheduling', messages.scheduling.notBooked);
        if (ctx.scheduled.cancelledAt) throw conflict('scheduling', messages.scheduling.cancelled);
        if (team && ctx.scheduled.endsAt <= now) throw conflict('scheduling', messages.scheduling.interviewOver);
      } else if (ctx.scheduled) {
        throw conflict('scheduling', ctx.scheduled.cancelledAt ? messages.scheduling.cancelled : messages.scheduling.alreadyBooked);
      }
      if (!team && link.expiresAt <= now) throw new AppError(410, 'scheduling', messages.scheduling.linkExpired);
      if (start.getTime() <= now.getTime()) throw badRequest('start', messages.scheduling.slotPast);
      const own = move ? (ctx.scheduled?.id ?? null) : null;
      const window = team ? teamWindow(link, now) : undefined;
      const slot = (await offeredSlots(tx, ctx, now, own, window)).find((s) => s.start.getTime() === start.getTime());
      if (!slot) {
        const end = new Date(start.getTime() + ctx.interview.durationMinutes * 60_000);
        if (await overlapsBooked(tx, ctx, start, end, own)) throw new Taken();
        throw badRequest('start', messages.scheduling.slotNotOffered);
      }
      const clientId = link.clientId;
      if (!move && ctx.pool.length) {
        const member = await choosePoolMember(tx, ctx, slot, now);
        if (!member) throw new Taken();
        // From here on the chosen member is on the interview: held, invited, written to their calendar.
        ctx = { ...ctx, interviewers: [...ctx.interviewers, member], pool: [] };
      }
      // The candidate's mail names times in the candidate's zone: the one they book in, kept when the team moves it.
      const candidateZone = team && ctx.scheduled ? ctx.scheduled.timeZone : timeZone;
      let scheduledId: string;
      let sequence: number;
      if (move && ctx.scheduled) {
        scheduledId = ctx.scheduled.id;
        sequence = ctx.scheduled.sequence + 1;
        await tx
          .update(scheduledInterviews)
          .set({ startsAt: slot.start, endsAt: slot.end, timeZone: candidateZone, sequence, updatedAt: now })
          .where(and(eq(scheduledInterviews.clientId, clientId), eq(scheduledInterviews.id, scheduledId)));
        await tx
          .update(scheduledInterviewHolds)
          .set({ startsAt: slot.start, endsAt: slot.end })
          .where(and(eq(scheduledInterviewHolds.clientId, clientId), eq(scheduledInterviewHolds.scheduledInterviewId, scheduledId)));
      } else {
        scheduledId = randomUUID();
        sequence = 0;
        await tx.insert(scheduledInterviews).values({
          clientId,
          id: scheduledId,
          linkId: link.id,
          applicationId: link.applicationId,
          interviewId: link.interviewId,
          startsAt: slot.start,
          endsAt: slot.end,
          timeZone: candidateZone,
        });
        await tx
          .insert(scheduledInterviewHolds)
          .values(ctx.interviewers.map((p) => ({ clientId, scheduledInterviewId: scheduledId, userId: p.id, startsAt: slot.start, endsAt: slot.end })));
        await tx
          .update(schedulingLinks)
          .set({ bookedAt: now })
          .where(and(eq(schedulingLinks.clientId, clientId), eq(schedulingLinks.id, link.id)));
      }
      const reminders = await planReminders(tx, clientId, scheduledId, slot.start, now);
      const mails = await writeInterviewMails(deps, tx, {
        ctx,
        scheduledId,
        sequence,
        start: slot.start,
        end: slot.end,
        timeZone: candidateZone,
        change: move ? 'moved' : 'booked',
        manageLink: who.manageLink,
      });
      const copies = await planCalendarCopies(tx, { clientId, scheduledId, userIds: ctx.interviewers.map((p) => p.id), ics: mails.stored });
      await logActivity(tx, {
        actor: who.actor,
        clientId,
        action: move ? 'update' : 'create',
        entity: 'scheduled-interview',
        entityId: scheduledId,
        changes: { applicationId: link.applicationId, interviewId: link.interviewId, startsAt: slot.start.toISOString(), by: who.by },
      });
      return { outboxIds: mails.outboxIds, copies, scheduledId, end: slot.end, clientId, linkId: link.id, reminders };
    });
  } catch (e) {
    if (!(e instanceof Taken) && !isOverlap(e)) throw e;
    const ctx = ctxForRetry as LinkContext | null;
    const free = ctx ? await offeredSlots(deps.db, ctx, new Date(), move ? ctx.scheduled?.id : null, team ? teamWindow(ctx.link, new Date()) : undefined) : [];
    // The next free times after the one asked for (the earliest ones when none is later).
    const later = free.filter((s) => s.start.getTime() >= start.getTime());
    throw conflict('start', messages.scheduling.slotTaken(slotWords(later.length ? later : free, timeZone)));
  }
  for (const id of result.outboxIds) await deps.mail.deliver(id);
  await enqueueReminders(deps, result.clientId, result.scheduledId, result.reminders);
  await enqueueCalendarCopies(deps, result.clientId, result.scheduledId, result.copies);
  const booking = { start: start.toISOString(), end: result.end.toISOString() };
  return { booking, when: formatWhen(start, timeZone), clientId: result.clientId, linkId: result.linkId };
}

/** The candidate, by the link's token. */
const byToken = (deps: Pick<Deps, 'config'>, token: string): Changer => ({
  link: (tx) => linkOfToken(tx, token, true),
  by: 'candidate',
  actor: null,
  manageLink: schedulePageUrl(deps.config.publicUrl, token),
});

/** POST /api/scheduling/{token}/book: the candidate books one of the offered times. */
export const bookSlot: Operation<typeof r.book, 'db' | 'mail' | 'storage' | 'config' | 'log' | 'queue'> = async (deps, input) => {
  const { booking, when } = await bookOrMove(deps, byToken(deps, input.token), input.start, input.timeZone, false);
  return { message: messages.scheduling.booked(when), booking };
};

/** POST /api/scheduling/{token}/reschedule: the candidate moves the booked interview to another offered time. */
export const rescheduleBooking: Operation<typeof r.reschedule, 'db' | 'mail' | 'storage' | 'config' | 'log' | 'queue'> = async (deps, input) => {
  const { booking, when } = await bookOrMove(deps, byToken(deps, input.token), input.start, input.timeZone, true);
  return { message: messages.scheduling.rescheduled(when), booking };
};
