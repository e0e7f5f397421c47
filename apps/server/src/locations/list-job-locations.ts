import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { likePrefix } from './gazetteer-suggestions.ts';

/** Career site: cities where the client has open jobs, matching what the visitor typed (most jobs first). */
export async function listJobLocations(db: Db, clientId: string, query: string) {
  const q = query.trim().slice(0, 100);
  const found = await db.execute<{ city: string; state: string | null; n: number }>(sql`
    SELECT city, state, count(*)::int AS n FROM jobs
     WHERE client_id = ${clientId} AND status = 'open' AND city IS NOT NULL
       AND (${q} = '' OR lower(city) LIKE ${likePrefix(q)} OR zip_code LIKE ${`${q.replace(/[\\%_]/g, '')}%`})
     GROUP BY city, state ORDER BY n DESC, city LIMIT 10`);
  return found.rows.map((x) => ({
    label: x.state ? `${x.city}, ${x.state}` : x.city,
    city: x.city,
    state: x.state ?? '',
    zipCode: null,
    count: x.n,
  }));
}
