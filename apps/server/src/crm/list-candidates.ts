import { crmRoutes as r } from '@hh/contract/crm';
import { encode } from 'zod';
import { requireClient } from '../auth/access.ts';
import { answer, type Operation } from '../core/operation.ts';
import { CANDIDATE_READERS } from './rights.ts';
import { candidateSearchCacheOf } from './search-cache/search-cache.ts';
import { searchCandidates } from './search/search-candidates.ts';
import { hydrateCandidates } from './serialize.ts';

/**
 * `GET api/get-candidates` (the spec's query) and `GET api/crm/candidates` (the same, plus the facet
 * filters and a radius): one page of the client's candidates, with the misspelled words of the query
 * and their corrections, and whether the total is an estimate (decision 0540). The rights are checked
 * on every call; the reply then comes from the candidate search cache while none of the client's
 * candidate data has changed since it was made (search-cache/, decision 0542).
 */
export const listCandidates: Operation<typeof r.searchCandidates, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'candidates');
  const userId = input.actor.id;
  const body = await candidateSearchCacheOf(deps.db).search({ clientId: client.id, userId, query: input }, async () => {
    const found = await searchCandidates(deps.db, { clientId: client.id, userId, query: input });
    const reply = {
      results: await hydrateCandidates(deps.db, client.id, userId, found.rows, found.extra),
      totalCount: found.totalCount,
      ...(found.corrections.length ? { corrections: found.corrections } : {}),
      ...(found.totalCountEstimated ? { totalCountEstimated: true } : {}),
    };
    // What the route's serialiser would send (fastify-type-provider-zod: the reply schema's encode,
    // then JSON): fields the schema does not declare never leave, and a hit is sent as this text.
    return JSON.stringify(encode(r.searchCandidates.reply, reply));
  });
  return answer({ type: 'application/json; charset=utf-8', body });
};

/** The spec's call is the same search with fewer filters. */
export const listCandidatesOfSpec: Operation<typeof r.getCandidates, 'db'> = listCandidates;
