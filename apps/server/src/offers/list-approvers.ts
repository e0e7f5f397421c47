import type { offersRoutes as r } from '@hh/contract/offers';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { hiringTeam } from './approvers.ts';
import { OFFER_READERS } from './rights.ts';

/** The people an offer's approval chain may name (the form's choices). */
export const listApprovers: Operation<typeof r.approvers, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, OFFER_READERS, 'offers');
  return { results: await hiringTeam(deps.db, client) };
};
