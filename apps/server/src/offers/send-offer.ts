import type { offersRoutes as r } from '@hh/contract/offers';
import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { candidates } from '../db/schema/candidates.ts';
import { offers } from '../db/schema/offers.ts';
import { conflict } from '../lib/app-error.ts';
import { loadBranding, renderMail } from '../mail/index.ts';
import { letterContext, loadOfferRow, serializeOffer } from './load-offer.ts';
import { formatExpiry } from './merge.ts';
import { renderOfferPdf } from './offer-pdf.ts';
import { signOfferToken } from './offer-token.ts';
import { recordOfferEvent } from './record-offer-event.ts';
import { OFFER_WRITERS } from './rights.ts';

/** The public page's address for a token (a portal page without sign-in, docs/offers.md). */
export const offerPageUrl = (publicUrl: string, token: string) => `${publicUrl}/offer/${encodeURIComponent(token)}`;

/**
 * POST /api/offers/{id}/send: the fully approved offer becomes a PDF letter (offer-pdf.ts), stored,
 * and mailed to the candidate as an attachment with the signed link to the offer page. Sending again
 * (a lost mail) sends the same revision's letter and link. The outbox row is written in the
 * transaction that marks the offer sent, and delivered once it commits.
 */
export const sendOffer: Operation<typeof r.send, 'db' | 'storage' | 'mail' | 'config'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, OFFER_WRITERS, 'offers');
  const { result, outboxId } = await deps.db.transaction(async (tx) => {
    const row = await loadOfferRow(tx, client.id, input.id, true);
    if (row.status === 'accepted' || row.status === 'declined') throw conflict('offers', messages.offers.answered);
    if (row.status === 'pending_approval') throw conflict('offers', messages.offers.notApproved);
    if (row.expiresAt.getTime() <= Date.now()) throw conflict('expiresAt', messages.offers.expiredUnsent);
    const ctx = await letterContext(tx, row);
    const [cand] = await tx
      .select({ firstName: candidates.firstName })
      .from(candidates)
      .where(and(eq(candidates.clientId, client.id), eq(candidates.id, row.candidateId)))
      .limit(1);
    const pdf = await renderOfferPdf({
      companyName: ctx.companyName,
      title: `Offer letter: ${ctx.jobTitle}`,
      html: ctx.letterHtml,
      footer: `Offer to ${ctx.candidateName} for ${ctx.jobTitle}, open until ${formatExpiry(row.expiresAt)}`,
    });
    const storageKey = `offers/${client.id}/${row.id}-r${row.revision}.pdf`;
    await deps.storage.put(storageKey, Buffer.from(pdf), 'application/pdf');
    const token = await signOfferToken(deps.config.jwtSecret, { clientId: client.id, offerId: row.id, revision: row.revision });
    const mail = await renderMail(
      'offerLetter',
      { firstName: cand?.firstName || null, jobTitle: ctx.jobTitle, link: offerPageUrl(deps.config.publicUrl, token), expires: formatExpiry(row.expiresAt) },
      await loadBranding({ db: tx }, { clientId: client.id }),
    );
    const id = await deps.mail.send(
      {
        to: ctx.candidateEmail,
        clientId: client.id,
        ...mail,
        attachments: [{ filename: `Offer letter - ${ctx.companyName}.pdf`.replace(/[^\w .-]/g, ''), storageKey, contentType: 'application/pdf' }],
      },
      tx,
    );
    const now = new Date();
    const [updated] = await tx
      .update(offers)
      .set({ status: 'sent', sentAt: now, updatedAt: now })
      .where(and(eq(offers.clientId, client.id), eq(offers.id, row.id)))
      .returning();
    await recordOfferEvent(tx, { actor: input.actor, offer: updated, action: 'sent', data: { to: ctx.candidateEmail, revision: row.revision } });
    return {
      result: { ...(await serializeOffer(tx, updated, input.actor.id)), message: messages.offers.sent(ctx.candidateEmail) },
      outboxId: id,
    };
  });
  await deps.mail.deliver(outboxId);
  return result;
};
