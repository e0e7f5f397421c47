import { requisitionRoutes as r } from '@hh/contract/requisitions';
import type { FastifyInstance } from 'fastify';
import { route } from '../plugins/route.ts';
import { getKeywords } from './get-keywords.ts';
import { listRequisitions } from './list-requisitions.ts';
import { rankCandidates } from './rank-candidates.ts';
import { updateKeywords } from './update-keywords.ts';

/**
 * Requisitions, their keywords and ranked candidates (recruiting spec §7 "Jobs"). The keyword calls
 * answer their own bad input (attachValidation) in the spec's failure shape (rights.ts keywordsFailure).
 */
export default async function requisitionsRoutes(app: FastifyInstance) {
  route(app, r.list, listRequisitions);
  route(app, r.getKeywords, getKeywords, { attachValidation: true });
  route(app, r.updateKeywords, updateKeywords, { attachValidation: true });
  route(app, r.rankCandidates, rankCandidates);
}
