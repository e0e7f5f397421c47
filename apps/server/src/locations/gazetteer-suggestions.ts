import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** A LIKE pattern matching what starts with `s` (lower-cased, wildcards escaped, at most 100 characters). */
export const likePrefix = (s: string) =>
  `${s
    .trim()
    .slice(0, 100)
    .toLowerCase()
    .replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
/** No country, or the United States: the gazetteer covers the US only. */
export const isUS = (country?: string) => !country || ['us', 'usa', 'united states', 'united states of america'].includes(country.trim().toLowerCase());

/** Gazetteer suggestions: a zip prefix gives zip codes, anything else city names (largest first). */
export async function gazetteerSuggestions(db: Db, query: string, state?: string) {
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
