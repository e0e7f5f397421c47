import { productRank } from '@hh/contract/role-rank';
import type { ProductUserType } from '@hh/contract/roles';
import type { User } from '@hh/contract/users';

/**
 * What the server allows on candidates beyond a member's daily work (docs/permissions.md "Candidates"),
 * mirrored so the portal hides or explains a button instead of answering it with a 403: admins and
 * recruiters have every right; client staff need the role in Harvest or Cultivate.
 */
function atLeast(u: User | null, min: ProductUserType): boolean {
  if (!u) return false;
  if (u.userTypeGlobal === 'admin' || u.userTypeGlobal === 'recruiter') return true;
  return productRank[u.userTypeHarvest] >= productRank[min] || productRank[u.userTypeCultivate] >= productRank[min];
}

/** Merge two candidates and undo a merge: editor. */
export const canMergeCandidates = (u: User | null) => atLeast(u, 'editor');
/** Forward a profile by mail (an export): editor. */
export const canForwardProfile = (u: User | null) => atLeast(u, 'editor');
/** Send a campaign to its whole list: admin. */
export const canSendCampaign = (u: User | null) => atLeast(u, 'admin');
