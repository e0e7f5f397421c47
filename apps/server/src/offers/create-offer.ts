import type { offersRoutes as r } from '@hh/contract/offers';
import { messages } from '@hh/contract/messages';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { isUniqueViolation } from '../core/unique-violation.ts';
import { offers } from '../db/schema/offers.ts';
import { conflict } from '../lib/app-error.ts';
import { serializeOffer } from './load-offer.ts';
import { checkOfferInput, writeChain } from './offer-checks.ts';
import { writeApprovalMail } from './approval-mail.ts';
import { recordOfferEvent } from './record-offer-event.ts';
import { OFFER_WRITERS } from './rights.ts';

/** POST /api/offers: the application's offer, waiting for its first approver. */
export const createOffer: Operation<typeof r.create, 'db' | 'mail' | 'config'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, OFFER_WRITERS, 'offers');
  try {
    const { reply, outboxId } = await deps.db.transaction(async (tx) => {
      const { app, template } = await checkOfferInput(tx, client, input);
      const [row] = await tx
        .insert(offers)
        .values({
          clientId: client.id,
          applicationId: app.id,
          candidateId: app.candidateId,
          jobId: app.jobId,
          templateId: template.id,
          body: template.body,
          salary: input.salary,
          currency: input.currency,
          startDate: input.startDate,
          managerName: input.managerName,
          expiresAt: new Date(input.expiresAt),
          createdBy: input.actor.id,
        })
        .returning();
      await writeChain(tx, client.id, row.id, input.approverUserIds);
      await recordOfferEvent(tx, { actor: input.actor, offer: row, action: 'created', data: { salary: row.salary, currency: row.currency } });
      // The first approver hears that the offer waits for them.
      const outboxId = await writeApprovalMail(deps, tx, row, input.approverUserIds[0]);
      return { reply: { ...(await serializeOffer(tx, row, input.actor.id)), message: messages.offers.created }, outboxId };
    });
    if (outboxId) await deps.mail.deliver(outboxId);
    return reply;
  } catch (err) {
    // One offer per application: a second form (or two at once) is told to change the first.
    if (isUniqueViolation(err, 'offers_application_key')) throw conflict('offers', messages.offers.offerExists);
    throw err;
  }
};
