import { locationRoutes as r } from '@hh/contract/locations';
import type { FastifyInstance } from 'fastify';
import { route } from '../plugins/route.ts';
import { listJobLocations } from './list-job-locations.ts';
import { searchAddress, suggestCrmPlaces, suggestPlaces } from './suggest-places.ts';
import { validateZipcode } from './validate-zipcode.ts';

/** The three location-suggestion calls, zip validation and the address search (001 §7). */
export default async function locationRoutes(app: FastifyInstance) {
  route(app, r.publicSuggestions, listJobLocations);
  route(app, r.suggestions, suggestPlaces);
  route(app, r.crmSuggestions, suggestCrmPlaces);
  // Public: the apply and search forms validate a zip (400 with the spec's message when it does not check out).
  route(app, r.validateZipcode, validateZipcode);
  route(app, r.searchAddress, searchAddress);
}
