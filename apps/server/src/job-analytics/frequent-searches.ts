import { sql } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';

/**
 * A client's most frequent recent searches on its career site (keywords and the place understood), from
 * its newest `sample` search event rows only: a bounded read of the events index however busy the site.
 * For the public search's warm-up (public-jobs/search-jobs.ts).
 */
export async function frequentSearches(
  { db }: Pick<Deps, 'db'>,
  input: { clientId: string; limit: number; sample: number },
): Promise<Array<{ keywords: string | null; location: string | null }>> {
  const { rows } = await db.execute<{ keywords: string | null; location: string | null }>(sql`
    SELECT data->>'keywords' AS keywords, data->>'location' AS location
      FROM (SELECT data, n FROM site_events WHERE client_id = ${input.clientId} AND type = 'search'
             ORDER BY created_at DESC LIMIT ${input.sample}) e
     GROUP BY 1, 2 ORDER BY sum(n) DESC, 1, 2 LIMIT ${input.limit}`);
  return rows;
}
