import { productRank } from '@hh/contract/role-rank';
import type { User } from '@hh/contract/users';

/**
 * The server's OFFER_WRITERS (apps/server/src/offers/rights.ts), mirrored so the portal hides a
 * button instead of answering it with a 403: admins and recruiters, or client staff who are editors
 * in Harvest or Cultivate.
 */
export const canWriteOffers = (u: User | null) =>
  !!u &&
  (u.userTypeGlobal === 'admin' ||
    u.userTypeGlobal === 'recruiter' ||
    productRank[u.userTypeHarvest] >= productRank.editor ||
    productRank[u.userTypeCultivate] >= productRank.editor);
