import { messages } from '@hh/contract/messages';
import type { schedulingRoutes as r } from '@hh/contract/scheduling';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { requireClient } from '../auth/access.ts';
import type { Deps } from '../core/deps.ts';
import type { Operation } from '../core/operation.ts';
import type { DbOrTx } from '../db/client.ts';
import { schedulingLinks } from '../db/schema/scheduling.ts';
import { notFound } from '../lib/app-error.ts';
import { bookOrMove, type Changer } from './book-slot.ts';
import { cancelLinkBooking } from './cancel-booking.ts';
import { loadApplication, loadContext } from './load-link.ts';
import { SCHEDULERS } from './rights.ts';
import { applicationSchedules } from './serialize-schedule.ts';
import { offeredSlots, teamWindow } from './slots.ts';

/** The link `linkId` of the application `applicationId` in the client (locked when `lock`), or 404. */
async function linkOfApplication(db: DbOrTx, clientId: string, applicationId: string, linkId: string, lock: boolean) {
  const q = db
    .select()
    .from(schedulingLinks)
    .where(and(eq(schedulingLinks.clientId, clientId), eq(schedulingLinks.id, linkId), eq(schedulingLinks.applicationId, applicationId)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('linkId', messages.scheduling.linkNotFound);
  return row;
}

/** The hiring team's side of a link: the access check, then the link found by its id (the team never holds the candidate's token). */
async function teamChanger(
  deps: Pick<Deps, 'db'>,
  input: { actor: Actor; clientId?: string; id: string; linkId: string },
): Promise<{ clientId: string; who: Changer }> {
  const client = await requireClient(deps, input.actor, input.clientId, SCHEDULERS, 'scheduling');
  const app = await loadApplication({ db: deps.db }, { clientId: client.id, applicationId: input.id });
  return {
    clientId: client.id,
    who: {
      link: (tx) => linkOfApplication(tx, client.id, app.id, input.linkId, true),
      by: 'team',
      actor: input.actor,
      // The candidate keeps the link of their first mail; the secret is not stored, so it cannot be mailed again.
      manageLink: null,
    },
  };
}

/** GET /api/applications/{id}/scheduling-links/{linkId}/times: the times a booked interview may move to (every interviewer free). */
export const listMoveTimes: Operation<typeof r.moveTimes, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, SCHEDULERS, 'scheduling');
  const app = await loadApplication({ db: deps.db }, { clientId: client.id, applicationId: input.id });
  const link = await linkOfApplication(deps.db, client.id, app.id, input.linkId, false);
  const ctx = await loadContext(deps.db, link);
  if (!ctx.scheduled || ctx.scheduled.cancelledAt) return { results: [] };
  const now = new Date();
  const slots = await offeredSlots(deps.db, ctx, now, ctx.scheduled.id, teamWindow(link, now));
  return { results: slots.map((s) => ({ start: s.start.toISOString(), end: s.end.toISOString() })) };
};

/**
 * POST /api/applications/{id}/scheduling-links/{linkId}/move: the hiring team moves the booked
 * interview to another time every interviewer is free, through the same path as the candidate's
 * reschedule (the link locked, the exclusion constraint, a new SEQUENCE, the calendars updated, the
 * candidate and the interviewers mailed).
 */
export const moveBooking: Operation<typeof r.move, 'db' | 'mail' | 'storage' | 'config' | 'log' | 'queue'> = async (deps, input) => {
  const { clientId, who } = await teamChanger(deps, input);
  const moved = await bookOrMove(deps, who, input.start, input.timeZone, true);
  const [schedule] = await applicationSchedules(deps.db, clientId, input.id, [moved.linkId]);
  return { message: messages.scheduling.teamMoved(moved.when), schedule };
};

/** POST /api/applications/{id}/scheduling-links/{linkId}/cancel: the hiring team cancels the booked interview; everyone gets METHOD:CANCEL. */
export const cancelByTeam: Operation<typeof r.cancelByTeam, 'db' | 'mail' | 'storage' | 'config' | 'log' | 'queue'> = async (deps, input) => {
  const { clientId, who } = await teamChanger(deps, input);
  const done = await cancelLinkBooking(deps, who);
  const [schedule] = await applicationSchedules(deps.db, clientId, input.id, [done.linkId]);
  return { message: messages.scheduling.teamCancelled, schedule };
};
