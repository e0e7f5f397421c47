import type { offersRoutes as r } from '@hh/contract/offers';
import { messages } from '@hh/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { offers } from '../db/schema/offers.ts';
import { badRequest, conflict } from '../lib/app-error.ts';
import { loadApprovals, loadOfferRow, serializeOffer } from './load-offer.ts';
import { writeApprovalMail } from './approval-mail.ts';
import { checkOfferInput, writeChain } from './offer-checks.ts';
import { recordOfferEvent } from './record-offer-event.ts';
import { OFFER_WRITERS } from './rights.ts';

/**
 * PUT /api/offers/{id}: any change restarts the approval chain (every approval is cleared, the
 * template's current letter is copied again) and raises the revision, so a link sent before the
 * change no longer opens the offer. An answered offer cannot change. The chain's first approver is
 * mailed again: the offer waits for them with the new terms (what they approved before no longer counts).
 */
export const updateOffer: Operation<typeof r.update, 'db' | 'mail' | 'config'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, OFFER_WRITERS, 'offers');
  const { reply, outboxId } = await deps.db.transaction(async (tx) => {
    const before = await loadOfferRow(tx, client.id, input.id, true);
    if (before.status === 'accepted' || before.status === 'declined') throw conflict('offers', messages.offers.answered);
    const { app, template } = await checkOfferInput(tx, client, input);
    if (app.id !== before.applicationId) throw badRequest('applicationId', messages.offers.applicationFixed);
    const hadApprovals = (await loadApprovals(tx, client.id, before.id)).some((a) => a.approvedAt);
    const [row] = await tx
      .update(offers)
      .set({
        templateId: template.id,
        body: template.body,
        salary: input.salary,
        currency: input.currency,
        startDate: input.startDate,
        managerName: input.managerName,
        expiresAt: new Date(input.expiresAt),
        status: 'pending_approval',
        revision: sql`${offers.revision} + 1`,
        sentAt: null,
        updatedAt: new Date(),
      })
      .where(and(eq(offers.clientId, client.id), eq(offers.id, before.id)))
      .returning();
    await writeChain(tx, client.id, row.id, input.approverUserIds);
    await recordOfferEvent(tx, { actor: input.actor, offer: row, action: 'updated', data: { chainRestarted: hadApprovals, revision: row.revision } });
    const outboxId = await writeApprovalMail(deps, tx, row, input.approverUserIds[0]);
    return { reply: { ...(await serializeOffer(tx, row, input.actor.id)), message: messages.offers.updated }, outboxId };
  });
  if (outboxId) await deps.mail.deliver(outboxId);
  return reply;
};
