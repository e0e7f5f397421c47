import { productRank } from '@hh/contract/role-rank';
import type { User } from '@hh/contract/users';

/**
 * The server's PLAN_EDITORS (apps/server/src/interviews/rights.ts), mirrored so the portal shows a plan
 * read-only instead of answering Save with a 403: admins and recruiters, or client staff who are
 * editors in Harvest or Cultivate.
 */
export const canEditInterviewPlan = (u: User | null) =>
  !!u &&
  (u.userTypeGlobal === 'admin' ||
    u.userTypeGlobal === 'recruiter' ||
    productRank[u.userTypeHarvest] >= productRank.editor ||
    productRank[u.userTypeCultivate] >= productRank.editor);
