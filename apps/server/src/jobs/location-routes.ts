import { locationRoutes as r } from '@hh/contract/jobs';
import { messages } from '@hh/contract/messages';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { loadAccessibleClient } from '../auth/access.ts';
import type { Db } from '../db/client.ts';
import { lookupCity, lookupZip } from '../geo/index.ts';
import { badRequest } from '../lib/app-error.ts';
import { actorOf } from '../plugins/auth.ts';
import { route } from '../plugins/route.ts';
import { publicClient } from './public-client.ts';

const likePrefix = (s: string) =>
  `${s
    .trim()
    .slice(0, 100)
    .toLowerCase()
    .replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
const isUS = (country?: string) => !country || ['us', 'usa', 'united states', 'united states of america'].includes(country.trim().toLowerCase());

/** Gazetteer suggestions: a zip prefix gives zip codes, anything else city names (largest first). */
async function gazetteerSuggestions(db: Db, query: string, state?: string) {
  const q = query.trim();
  if (!q) return [];
  if (/^\d{1,5}$/.test(q)) {
    const r = await db.execute<{ zip: string; city: string; state: string }>(
      sql`SELECT zip, city, state FROM geo_zip_codes WHERE zip LIKE ${`${q}%`} ORDER BY zip LIMIT 10`,
    );
    return r.rows.map((x) => ({ label: `${x.city}, ${x.state} ${x.zip}`, city: x.city, state: x.state, zipCode: x.zip }));
  }
  const m = /^(.*?),\s*([A-Za-z]{0,2})$/.exec(q);
  const city = m ? m[1] : q;
  const st = (m?.[2] || state || '').toUpperCase() || null;
  const r = await db.execute<{ city: string; state: string }>(
    sql`SELECT city, state FROM geo_cities WHERE lower(city) LIKE ${likePrefix(city)} AND (${st}::text IS NULL OR state LIKE ${`${st ?? ''}%`})
         ORDER BY zip_count DESC, city LIMIT 10`,
  );
  return r.rows.map((x) => ({ label: `${x.city}, ${x.state}`, city: x.city, state: x.state, zipCode: null }));
}

/** The three location-suggestion calls, zip validation and the address search (001 §7). */
export default async function locationRoutes(app: FastifyInstance) {
  // Career site: cities where the client has open jobs, matching what the visitor typed.
  route(app, r.publicSuggestions, async (req) => {
    const client = await publicClient(app.db, req.query);
    const q = req.query.query.trim().slice(0, 100);
    const found = await app.db.execute<{ city: string; state: string | null; n: number }>(sql`
      SELECT city, state, count(*)::int AS n FROM jobs
       WHERE client_id = ${client.id} AND status = 'open' AND city IS NOT NULL
         AND (${q} = '' OR lower(city) LIKE ${likePrefix(q)} OR zip_code LIKE ${`${q.replace(/[\\%_]/g, '')}%`})
       GROUP BY city, state ORDER BY n DESC, city LIMIT 10`);
    const results = found.rows.map((x) => ({
      label: x.state ? `${x.city}, ${x.state}` : x.city,
      city: x.city,
      state: x.state ?? '',
      zipCode: null,
      count: x.n,
    }));
    return { results, totalCount: results.length };
  });

  route(app, r.suggestions, async (req) => {
    await loadAccessibleClient(app.db, actorOf(req), req.query.clientId);
    if (!isUS(req.query.country)) return { results: [], totalCount: 0 };
    const results = await gazetteerSuggestions(app.db, req.query.zipcode || req.query.city || '', req.query.state);
    return { results, totalCount: results.length };
  });

  route(app, r.crmSuggestions, async (req) => {
    await loadAccessibleClient(app.db, actorOf(req), req.query.clientId);
    if (req.query.query === undefined) throw badRequest('query', messages.recruiting.locationSuggestionsError);
    if (!isUS(req.query.country)) return { results: [], totalCount: 0 };
    const results = await gazetteerSuggestions(app.db, req.query.query);
    return { results, totalCount: results.length };
  });

  // Public: the apply and search forms validate a zip; an unknown zip (or one that does not match
  // the city and state given) answers 400 with the spec's message.
  route(app, r.validateZipcode, async (req) => {
    const q = req.query;
    const fail = () => badRequest('zipcode', messages.recruiting.zipValidationError);
    if (!isUS(q.country)) throw fail();
    const z5 = await lookupZip(app.db, q.zipcode);
    if (!z5) throw fail();
    if (q.state && q.state.trim().toUpperCase() !== z5.state) throw fail();
    if (q.city && q.city.trim().toLowerCase() !== z5.city.toLowerCase()) {
      // A zip may cover several place names; accept the city when it is within 25 miles of the zip.
      const city = await lookupCity(app.db, q.city, z5.state);
      const near = city && Math.hypot(city.lat - z5.lat, (city.lng - z5.lng) * Math.cos((z5.lat * Math.PI) / 180)) < 0.36;
      if (!near) throw fail();
    }
    return { valid: true, zipcode: z5.zip ?? q.zipcode, city: z5.city, state: z5.state, lat: z5.lat, lng: z5.lng };
  });

  route(app, r.searchAddress, async (req) => {
    await publicClient(app.db, { clientId: req.params.clientId });
    const results = await gazetteerSuggestions(app.db, req.query.query);
    return { results, totalCount: results.length };
  });
}
