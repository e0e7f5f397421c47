import type { locationRoutes as r } from '@hh/contract/locations';
import { sql } from 'drizzle-orm';
import type { Operation } from '../core/operation.ts';
import type { Db } from '../db/client.ts';
import { loadStates } from '../geo/index.ts';
import { publicClient } from '../public-jobs/index.ts';
import { gazetteerSuggestions, likePrefix } from './gazetteer-suggestions.ts';

interface Suggestion {
  label: string;
  city: string;
  state: string;
  zipCode: string | null;
  count?: number;
}

const MAX = 10;

/**
 * Career site location box, as the seeker types (decision 0601): the places of the client's own open
 * jobs first (most jobs first, with their count), then states ("Tex" → Texas), then the gazetteer's
 * cities and zip codes (largest first; the closest names when none starts so, "Chicgo" → Chicago, IL).
 */
async function jobLocations(db: Db, clientId: string, query: string): Promise<Suggestion[]> {
  const q = query.trim().slice(0, 100);
  const found = await db.execute<{ city: string; state: string | null; n: number }>(sql`
    SELECT city, state, count(*)::int AS n FROM jobs
     WHERE client_id = ${clientId} AND status = 'open' AND city IS NOT NULL
       AND (${q} = '' OR lower(city) LIKE ${likePrefix(q)} OR zip_code LIKE ${`${q.replace(/[\\%_]/g, '')}%`})
     GROUP BY city, state ORDER BY n DESC, city LIMIT ${MAX}`);
  const out: Suggestion[] = found.rows.map((x) => ({
    label: x.state ? `${x.city}, ${x.state}` : x.city,
    city: x.city,
    state: x.state ?? '',
    zipCode: null,
    count: x.n,
  }));
  if (!q || out.length >= MAX) return out;
  const seen = new Set(out.map((s) => s.label.toLowerCase()));
  const add = (s: Suggestion) => {
    if (out.length < MAX && !seen.has(s.label.toLowerCase())) {
      seen.add(s.label.toLowerCase());
      out.push(s);
    }
  };
  const lower = q.toLowerCase();
  if (!/^\d/.test(q))
    for (const s of await loadStates({ db }))
      if (s.name.toLowerCase().startsWith(lower) || (lower.length === 2 && s.code.toLowerCase() === lower))
        add({ label: s.name, city: '', state: s.code, zipCode: null });
  for (const s of await gazetteerSuggestions(db, q)) add(s);
  if (out.length === 0 && q.length >= 4 && !/^\d/.test(q)) {
    const close = await db.execute<{ city: string; state: string }>(sql`
      SELECT city, state FROM geo_cities WHERE lower(city) % ${lower.replace(/,.*$/, '')}
       ORDER BY similarity(lower(city), ${lower.replace(/,.*$/, '')}) DESC, zip_count DESC LIMIT 5`);
    for (const c of close.rows) add({ label: `${c.city}, ${c.state}`, city: c.city, state: c.state, zipCode: null });
  }
  return out;
}

/**
 * Career site: cities where the client has open jobs, matching what the visitor typed. The client is
 * the one the query names (clientId or nameSlug); the portal's selected client does not stand in for it.
 */
export const listJobLocations: Operation<typeof r.publicSuggestions, 'db'> = async (deps, input) => {
  const client = await publicClient(deps, { clientId: input.clientIdSelected ? undefined : input.clientId, nameSlug: input.nameSlug });
  const results = await jobLocations(deps.db, client.id, input.query);
  return { results, totalCount: results.length };
};
