import type { PublicOffer } from '@hh/contract/offers';
import { messages } from '@hh/contract/messages';
import type { Config } from '../config.ts';
import type { DbOrTx } from '../db/client.ts';
import { AppError, notFound } from '../lib/app-error.ts';
import { letterContext, loadOfferRow, type OfferRow } from './load-offer.ts';
import { formatExpiry } from './merge.ts';
import { verifyOfferToken } from './offer-token.ts';

/**
 * The offer a link names, or 404 "link not valid": a token that is not ours (tampered, truncated),
 * an offer that is gone, not sent, or changed since the link was sent (its revision moved on).
 */
export async function offerOfToken(db: DbOrTx, config: Pick<Config, 'jwtSecret'>, token: string, lock = false): Promise<OfferRow> {
  const claims = await verifyOfferToken(config.jwtSecret, token);
  const invalid = notFound('offer', messages.offers.linkInvalid);
  if (!claims) throw invalid;
  let row: OfferRow;
  try {
    row = await loadOfferRow(db, claims.clientId, claims.offerId, lock);
  } catch {
    // Gone, or never ours: the same words as a tampered link, so nothing can be probed.
    throw invalid;
  }
  if (row.revision !== claims.revision || !['sent', 'accepted', 'declined'].includes(row.status)) throw invalid;
  return row;
}

export const isExpired = (row: OfferRow) => row.status === 'sent' && row.expiresAt.getTime() <= Date.now();
export const expiredError = (row: OfferRow) => new AppError(410, 'offer', messages.offers.linkExpired(formatExpiry(row.expiresAt)));

/** The page's view of the offer: the letter and the answer, nothing internal (contract `publicOffer`). */
export async function publicView(db: DbOrTx, row: OfferRow): Promise<PublicOffer> {
  const ctx = await letterContext(db, row);
  return {
    companyName: ctx.companyName,
    candidateName: ctx.candidateName,
    jobTitle: ctx.jobTitle,
    letterHtml: ctx.letterHtml,
    expiresAt: row.expiresAt.toISOString(),
    state: row.status === 'accepted' ? 'accepted' : row.status === 'declined' ? 'declined' : 'open',
    answeredAt: row.answeredAt?.toISOString() ?? null,
    acceptedName: row.acceptedName,
  };
}
