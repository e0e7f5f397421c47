import type { crmRoutes as r } from '@hh/contract/crm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { CANDIDATE_READERS } from './rights.ts';
import { searchCandidates } from './search/search-candidates.ts';
import { hydrateCandidates } from './serialize.ts';

/**
 * `GET api/get-candidates` (the spec's query) and `GET api/crm/candidates` (the same, plus the facet
 * filters and a radius): one page of the client's candidates, with the misspelled words of the query
 * and their corrections, and whether the total is an estimate (decision 0540).
 */
export const listCandidates: Operation<typeof r.searchCandidates, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'candidates');
  const found = await searchCandidates(deps.db, { clientId: client.id, userId: input.actor.id, query: input });
  return {
    results: await hydrateCandidates(deps.db, client.id, input.actor.id, found.rows, found.extra),
    totalCount: found.totalCount,
    ...(found.corrections.length ? { corrections: found.corrections } : {}),
    ...(found.totalCountEstimated ? { totalCountEstimated: true } : {}),
  };
};

/** The spec's call is the same search with fewer filters. */
export const listCandidatesOfSpec: Operation<typeof r.getCandidates, 'db'> = listCandidates;
