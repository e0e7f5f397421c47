import {
  crmLocationSuggestionsQuery,
  locationErrors,
  locationSuggestions,
  locationSuggestionsQuery,
  locationTags,
  publicLocationSuggestionsQuery,
  searchAddressParams,
  searchAddressQuery,
  validateZipQuery,
  validateZipReply,
} from './jobs.ts';
import { defineRoute } from './route.ts';

/** The three location-suggestion calls, zip validation and the address search (001 §7; apps/server/src/locations/routes.ts). */
export const locationRoutes = {
  // Career site: cities where the client has open jobs, matching what the visitor typed.
  publicSuggestions: defineRoute({
    method: 'GET',
    path: '/api/jobs/location-suggestions',
    auth: 'public',
    query: publicLocationSuggestionsQuery,
    status: 200,
    reply: locationSuggestions,
    errors: locationErrors,
    tags: locationTags,
  }),
  suggestions: defineRoute({
    method: 'GET',
    path: '/api/location-suggestions',
    query: locationSuggestionsQuery,
    status: 200,
    reply: locationSuggestions,
    errors: locationErrors,
    tags: locationTags,
  }),
  crmSuggestions: defineRoute({
    method: 'GET',
    path: '/api/crm/location-suggestions',
    query: crmLocationSuggestionsQuery,
    status: 200,
    reply: locationSuggestions,
    errors: locationErrors,
    tags: locationTags,
  }),
  // Public: the apply and search forms validate a zip; an unknown zip (or one that does not match
  // the city and state given) answers 400 with the spec's message.
  validateZipcode: defineRoute({
    method: 'GET',
    path: '/api/validate-zipcode',
    auth: 'public',
    query: validateZipQuery,
    status: 200,
    reply: validateZipReply,
    errors: locationErrors,
    tags: locationTags,
  }),
  searchAddress: defineRoute({
    method: 'GET',
    path: '/api/search-address/:clientId',
    auth: 'public',
    params: searchAddressParams,
    query: searchAddressQuery,
    status: 200,
    reply: locationSuggestions,
    errors: locationErrors,
    tags: locationTags,
  }),
};
