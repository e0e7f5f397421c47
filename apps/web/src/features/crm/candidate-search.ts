import { crmRoutes } from '@hh/contract/crm';
import { type SearchState, type SearchValues, useSearchState } from '../../lib/search-state.ts';

export const PAGE_SIZE = 25;

const DEFAULTS = {
  searchQuery: '',
  status: [],
  tags: [],
  source: [],
  assignedJobs: [],
  favorites: false,
  zipCode: '',
  radius: 25,
  sortBy: 'createdAt',
  sortDir: 'desc',
  pageNumber: 1,
} satisfies Partial<SearchValues<typeof crmRoutes.searchCandidates>>;

type Key = keyof typeof DEFAULTS;
export type CandidateSearch = SearchState<Pick<SearchValues<typeof crmRoutes.searchCandidates>, Key>>;

/** The candidate list's search, filters, sort and page, kept in the address so a search can be shared as a link. */
export function useCandidateSearch(): CandidateSearch {
  return useSearchState(crmRoutes.searchCandidates, DEFAULTS, { page: 'pageNumber' });
}
