import { sql } from 'drizzle-orm';
import type { DbDeps } from '../core/deps.ts';

export interface GeoPoint {
  lat: number;
  lng: number;
  city: string;
  state: string;
  zip: string | null;
}

const ZIP = /^(\d{5})(?:-\d{4})?$/;

/**
 * The gazetteer lookups other domains use take `(deps, input)` like every exported function of a
 * domain (decision 0010): `deps` is `{ db }` (the pool or the caller's transaction).
 */

/** Looks a 5-digit zip (or ZIP+4) up in the bundled gazetteer. */
export async function lookupZip({ db }: DbDeps, { zip }: { zip: string }): Promise<GeoPoint | null> {
  const m = ZIP.exec(zip.trim());
  if (!m) return null;
  const r = await db.execute<{ zip: string; city: string; state: string; lat: number; lng: number }>(
    sql`SELECT zip, city, state, lat, lng FROM geo_zip_codes WHERE zip = ${m[1]}`,
  );
  const row = r.rows[0];
  return row ? { lat: row.lat, lng: row.lng, city: row.city, state: row.state, zip: row.zip } : null;
}

/** A city's centroid; with no state, the city with the most zip codes of that name wins. */
export async function lookupCity({ db }: DbDeps, { city, state }: { city: string; state?: string | null }): Promise<GeoPoint | null> {
  const c = city.trim().slice(0, 120);
  if (!c) return null;
  const st = state?.trim().toUpperCase().slice(0, 2) || null;
  const r = await db.execute<{ city: string; state: string; lat: number; lng: number }>(
    sql`SELECT city, state, lat, lng FROM geo_cities
         WHERE lower(city) = lower(${c}) AND (${st}::text IS NULL OR state = ${st})
         ORDER BY zip_count DESC LIMIT 1`,
  );
  const row = r.rows[0];
  return row ? { lat: row.lat, lng: row.lng, city: row.city, state: row.state, zip: null } : null;
}

/** Geocodes a job or visitor address: zip first, then city and state. */
export async function geocode(deps: DbDeps, a: { zipCode?: string | null; city?: string | null; state?: string | null }): Promise<GeoPoint | null> {
  if (a.zipCode) {
    const z = await lookupZip(deps, { zip: a.zipCode });
    if (z) return z;
  }
  if (a.city) return lookupCity(deps, { city: a.city, state: a.state });
  return null;
}

/** Free text "78701", "Austin, TX", "Austin TX" or "Austin". */
export async function resolveLocationText(deps: DbDeps, { text }: { text: string }): Promise<GeoPoint | null> {
  const t = text.trim().slice(0, 200);
  if (!t) return null;
  if (ZIP.test(t)) return lookupZip(deps, { zip: t });
  const m = /^(.*?)[,\s]+([A-Za-z]{2})$/.exec(t);
  if (m?.[1]) {
    const hit = await lookupCity(deps, { city: m[1].replace(/,$/, ''), state: m[2] });
    if (hit) return hit;
  }
  return lookupCity(deps, { city: t.replace(/,$/, '') });
}
