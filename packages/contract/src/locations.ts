import { z } from 'zod';
import { id, paged } from './common.ts';
import { defineRoute } from './route.ts';

const str = (max = 500) => z.string().trim().max(max);

// ---------- Location suggestions, zip validation and the address search ----------

export const locationSuggestion = z.object({
  label: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string().nullable(),
  count: z.number().int().optional(),
});
export const locationSuggestions = paged(locationSuggestion);
export const validateZipQuery = z.object({
  zipcode: str(20),
  country: str(60).optional(),
  city: str(120).optional(),
  state: str(60).optional(),
  clientId: id.optional(),
});
export const validateZipReply = z.object({ valid: z.boolean(), zipcode: z.string(), city: z.string(), state: z.string(), lat: z.number(), lng: z.number() });
export const publicLocationSuggestionsQuery = z.object({
  nameSlug: z.string().trim().max(80).optional(),
  clientId: z.uuid().optional(),
  query: z.string().max(1000).default(''),
});
export const locationSuggestionsQuery = z.object({
  clientId: z.uuid(),
  city: z.string().max(120).optional(),
  state: z.string().max(60).optional(),
  country: z.string().max(60).optional(),
  zipcode: z.string().max(20).optional(),
});
export const crmLocationSuggestionsQuery = z.object({ query: z.string().max(1000).optional(), clientId: z.uuid(), country: z.string().max(60).optional() });
export const searchAddressParams = z.object({ clientId: z.uuid() });
export const searchAddressQuery = z.object({ query: z.string().max(1000).default('') });

export const locationTags = ['locations'];
/** The location calls never answer 409. */
export const locationErrors = [400, 401, 403, 404] as const;

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
