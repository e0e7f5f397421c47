import type { locationRoutes as r } from '@hh/contract/locations';
import { messages } from '@hh/contract/messages';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { badRequest } from '../lib/app-error.ts';
import { publicClient } from '../public-jobs/index.ts';
import { gazetteerSuggestions, isUS } from './gazetteer-suggestions.ts';

const none = { results: [], totalCount: 0 };

/** The portal's city and zip box: the gazetteer's places (US only). */
export const suggestPlaces: Operation<typeof r.suggestions, 'db'> = async (deps, input) => {
  await requireClient(deps, input.actor, input.clientId);
  if (!isUS(input.country)) return none;
  const results = await gazetteerSuggestions(deps.db, input.zipcode || input.city || '', input.state);
  return { results, totalCount: results.length };
};

/** The CRM's location filter: the gazetteer's places (US only); the query is required. */
export const suggestCrmPlaces: Operation<typeof r.crmSuggestions, 'db'> = async (deps, input) => {
  await requireClient(deps, input.actor, input.clientId);
  if (input.query === undefined) throw badRequest('query', messages.recruiting.locationSuggestionsError);
  if (!isUS(input.country)) return none;
  const results = await gazetteerSuggestions(deps.db, input.query);
  return { results, totalCount: results.length };
};

/** Public: the address search of a client's career site (the client named in the path must be active). */
export const searchAddress: Operation<typeof r.searchAddress, 'db'> = async (deps, input) => {
  await publicClient(deps, { clientId: input.clientId });
  const results = await gazetteerSuggestions(deps.db, input.query);
  return { results, totalCount: results.length };
};
