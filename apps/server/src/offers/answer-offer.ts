import type { offersRoutes as r } from '@hh/contract/offers';
import { messages } from '@hh/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { Operation } from '../core/operation.ts';
import { jobs } from '../db/schema/jobs.ts';
import { offers } from '../db/schema/offers.ts';
import { badRequest, conflict } from '../lib/app-error.ts';
import { moveApplication } from '../pipeline/index.ts';
import { letterContext, type OfferRow } from './load-offer.ts';
import { expiredError, isExpired, offerOfToken } from './public-offer.ts';
import { recordOfferEvent } from './record-offer-event.ts';

/** Names compared as a person reads them: case, accents' composition and spacing do not matter. */
const sameName = (a: string, b: string) => {
  const norm = (s: string) => s.normalize('NFKC').toLocaleLowerCase('en').replace(/\s+/g, ' ').trim();
  return norm(a) === norm(b);
};

/** An answered or expired offer cannot be answered (409 with what the answer was, 410 with the date). */
function assertOpen(row: OfferRow) {
  if (row.status === 'accepted') throw conflict('offer', messages.offers.alreadyAccepted);
  if (row.status === 'declined') throw conflict('offer', messages.offers.alreadyDeclined);
  if (isExpired(row)) throw expiredError(row);
}

/**
 * POST /api/offer-letters/{token}/accept: the candidate types their full name as the letter states it.
 * In one transaction: the acceptance (name, time, the caller's address), the application moved to
 * the Hired stage of its job (pipeline), one open position of the job taken, the timeline and the log.
 */
export const acceptOffer: Operation<typeof r.accept, 'db' | 'config'> = async (deps, input) =>
  deps.db.transaction(async (tx) => {
    const row = await offerOfToken(tx, deps.config, input.token, true);
    assertOpen(row);
    const ctx = await letterContext(tx, row);
    if (ctx.candidateName && !sameName(input.fullName, ctx.candidateName)) throw badRequest('fullName', messages.offers.nameMismatch(ctx.candidateName));
    const now = new Date();
    const [updated] = await tx
      .update(offers)
      .set({ status: 'accepted', answeredAt: now, acceptedName: input.fullName, acceptedIp: input.caller.ip, updatedAt: now })
      .where(and(eq(offers.clientId, row.clientId), eq(offers.id, row.id)))
      .returning();
    await moveApplication({ db: tx }, { actor: null, clientId: row.clientId, applicationId: row.applicationId, to: { kind: 'hired' } });
    const [job] = await tx
      .update(jobs)
      .set({ openPositions: sql`GREATEST(${jobs.openPositions} - 1, 0)`, updatedAt: now })
      .where(and(eq(jobs.clientId, row.clientId), eq(jobs.id, row.jobId)))
      .returning({ openPositions: jobs.openPositions });
    await recordOfferEvent(tx, {
      actor: null,
      offer: updated,
      action: 'accepted',
      data: { name: input.fullName, ip: input.caller.ip, at: now.toISOString(), positionsLeft: job?.openPositions ?? null },
    });
    return { message: messages.offers.acceptedThanks, state: 'accepted' as const };
  });

/** POST /api/offer-letters/{token}/decline: the answer and the optional reason, on the timeline and in the log. */
export const declineOffer: Operation<typeof r.decline, 'db' | 'config'> = async (deps, input) =>
  deps.db.transaction(async (tx) => {
    const row = await offerOfToken(tx, deps.config, input.token, true);
    assertOpen(row);
    const now = new Date();
    const reason = input.reason?.trim() || null;
    const [updated] = await tx
      .update(offers)
      .set({ status: 'declined', answeredAt: now, declineReason: reason, updatedAt: now })
      .where(and(eq(offers.clientId, row.clientId), eq(offers.id, row.id)))
      .returning();
    await recordOfferEvent(tx, { actor: null, offer: updated, action: 'declined', data: { reason, at: now.toISOString() } });
    return { message: messages.offers.declinedThanks, state: 'declined' as const };
  });
