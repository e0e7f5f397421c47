import { locationRoutes as r } from '@hh/contract/jobs';
import { messages } from '@hh/contract/messages';
import type { FastifyInstance } from 'fastify';
import { loadAccessibleClient } from '../auth/access.ts';
import { badRequest } from '../lib/app-error.ts';
import { actorOf } from '../plugins/auth.ts';
import { legacyRoute } from '../plugins/route.ts';
import { publicClient } from '../public-jobs/index.ts';
import { gazetteerSuggestions, isUS } from './gazetteer-suggestions.ts';
import { listJobLocations } from './list-job-locations.ts';
import { validateZipcode } from './validate-zipcode.ts';

/** The three location-suggestion calls, zip validation and the address search (001 §7). */
export default async function locationRoutes(app: FastifyInstance) {
  // Career site: cities where the client has open jobs, matching what the visitor typed.
  legacyRoute(app, r.publicSuggestions, async (req) => {
    const client = await publicClient(app.db, req.query);
    const results = await listJobLocations(app.db, client.id, req.query.query);
    return { results, totalCount: results.length };
  });

  legacyRoute(app, r.suggestions, async (req) => {
    await loadAccessibleClient(app.db, actorOf(req), req.query.clientId);
    if (!isUS(req.query.country)) return { results: [], totalCount: 0 };
    const results = await gazetteerSuggestions(app.db, req.query.zipcode || req.query.city || '', req.query.state);
    return { results, totalCount: results.length };
  });

  legacyRoute(app, r.crmSuggestions, async (req) => {
    await loadAccessibleClient(app.db, actorOf(req), req.query.clientId);
    if (req.query.query === undefined) throw badRequest('query', messages.recruiting.locationSuggestionsError);
    if (!isUS(req.query.country)) return { results: [], totalCount: 0 };
    const results = await gazetteerSuggestions(app.db, req.query.query);
    return { results, totalCount: results.length };
  });

  // Public: the apply and search forms validate a zip (400 with the spec's message when it does not check out).
  legacyRoute(app, r.validateZipcode, async (req) => validateZipcode(app.db, req.query));

  legacyRoute(app, r.searchAddress, async (req) => {
    await publicClient(app.db, { clientId: req.params.clientId });
    const results = await gazetteerSuggestions(app.db, req.query.query);
    return { results, totalCount: results.length };
  });
}
