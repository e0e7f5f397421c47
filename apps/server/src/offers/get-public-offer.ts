import type { offersRoutes as r } from '@hh/contract/offers';
import type { Operation } from '../core/operation.ts';
import { answer } from '../core/operation.ts';
import { expiredError, isExpired, offerOfToken, publicView } from './public-offer.ts';

/** GET /api/offer-letters/{token}: the letter and its state for the offer page; an expired open offer is a 410 with its date. */
export const getPublicOffer: Operation<typeof r.publicGet, 'db' | 'config'> = async (deps, input) => {
  const row = await offerOfToken(deps.db, deps.config, input.token);
  if (isExpired(row)) throw expiredError(row);
  return publicView(deps.db, row);
};

/**
 * GET /api/offer-letters/{token}/pdf: the PDF that was mailed (stored at send time, by revision). The
 * letter is the candidate's personal data: never cached on the way.
 */
export const getOfferPdf: Operation<typeof r.publicPdf, 'db' | 'config' | 'storage'> = async (deps, input) => {
  const row = await offerOfToken(deps.db, deps.config, input.token);
  if (isExpired(row)) throw expiredError(row);
  const key = `offers/${row.clientId}/${row.id}-r${row.revision}.pdf`;
  return answer({
    type: 'application/pdf',
    headers: { 'cache-control': 'private, no-store', 'content-disposition': 'inline; filename="offer-letter.pdf"' },
    body: deps.storage.read(key),
  });
};
