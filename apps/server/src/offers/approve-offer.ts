import type { offersRoutes as r } from '@hh/contract/offers';
import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { users } from '../db/schema/core.ts';
import { offerApprovals, offers } from '../db/schema/offers.ts';
import { conflict, forbidden } from '../lib/app-error.ts';
import { currentApproval, loadApprovals, loadOfferRow, personName, serializeOffer } from './load-offer.ts';
import { writeApprovalMail } from './approval-mail.ts';
import { recordOfferEvent } from './record-offer-event.ts';
import { OFFER_READERS } from './rights.ts';

/**
 * POST /api/offers/{id}/approve: only the chain's current approver may approve (the first without an
 * approval, in order). Anyone else is refused with the name of the one who approves next; the offer's
 * creator gets words of their own, so approving one's own offer out of turn is plainly refused. The
 * offer row is locked, so two approvals at once take their turns. The next approver, if any, is mailed.
 */
export const approveOffer: Operation<typeof r.approve, 'db' | 'mail' | 'config'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, OFFER_READERS, 'offers');
  const { reply, outboxId } = await deps.db.transaction(async (tx) => {
    const row = await loadOfferRow(tx, client.id, input.id, true);
    if (row.status === 'accepted' || row.status === 'declined') throw conflict('offers', messages.offers.answered);
    const chain = await loadApprovals(tx, client.id, row.id);
    const mine = chain.find((a) => a.userId === input.actor.id);
    if (!mine) throw forbidden('offers', messages.offers.notApprover);
    const current = currentApproval(chain);
    if (!current || row.status !== 'pending_approval') throw conflict('offers', messages.offers.nothingToApprove);
    if (current.userId !== input.actor.id) {
      const [next] = await tx.select().from(users).where(eq(users.id, current.userId)).limit(1);
      const nextName = next ? personName(next) : 'another approver';
      if (mine.approvedAt) throw conflict('offers', messages.offers.nothingToApprove);
      throw forbidden('offers', row.createdBy === input.actor.id ? messages.offers.ownOfferOutOfTurn(nextName) : messages.offers.notYourTurn(nextName));
    }
    const now = new Date();
    await tx
      .update(offerApprovals)
      .set({ approvedAt: now })
      .where(and(eq(offerApprovals.clientId, client.id), eq(offerApprovals.offerId, row.id), eq(offerApprovals.position, current.position)));
    const done = chain.every((a) => a.approvedAt || a.position === current.position);
    const [updated] = await tx
      .update(offers)
      .set({ status: done ? 'approved' : 'pending_approval', updatedAt: now })
      .where(and(eq(offers.clientId, client.id), eq(offers.id, row.id)))
      .returning();
    await recordOfferEvent(tx, {
      actor: input.actor,
      offer: updated,
      action: 'approved',
      data: { position: current.position, of: chain.length, revision: row.revision, fullyApproved: done },
    });
    // The next approver in the chain hears that it is their turn.
    const next = done ? null : currentApproval(chain.map((a) => (a.position === current.position ? { ...a, approvedAt: now } : a)));
    const outboxId = next ? await writeApprovalMail(deps, tx, updated, next.userId) : null;
    return {
      reply: { ...(await serializeOffer(tx, updated, input.actor.id)), message: done ? messages.offers.fullyApproved : messages.offers.approved },
      outboxId,
    };
  });
  if (outboxId) await deps.mail.deliver(outboxId);
  return reply;
};
