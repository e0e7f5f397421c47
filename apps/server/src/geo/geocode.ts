import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

export interface GeoPoint {
  lat: number;
  lng: number;
  city: string;
  state: string;
  zip: string | null;
}

const ZIP = /^(\d{5})(?:-\d{4})?$/;

/** Looks a 5-digit zip (or ZIP+4) up in the bundled gazetteer. */
export async function lookupZip(db: DbOrTx, zip: string): Promise<GeoPoint | null> {
  const m = ZIP.exec(zip.trim());
  if (!m) return null;
  const r = await db.execute<{ zip: string; city: string; state: string; lat: number; lng: number }>(
    sql`SELECT zip, city, state, lat, lng FROM geo_zip_codes WHERE zip = ${m[1]}`,
  );
  const row = r.rows[0];
  return row ? { lat: row.lat, lng: row.lng, city: row.city, state: row.state, zip: row.zip } : null;
}

/** A city's centroid; with no state, the city with the most zip codes of that name wins. */
export async function lookupCity(db: DbOrTx, city: string, state?: string | null): Promise<GeoPoint | null> {
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
export async function geocode(db: DbOrTx, a: { zipCode?: string | null; city?: string | null; state?: string | null }): Promise<GeoPoint | null> {
  if (a.zipCode) {
    const z = await lookupZip(db, a.zipCode);
    if (z) return z;
  }
  if (a.city) return lookupCity(db, a.city, a.state);
  return null;
}

/** Free text "78701", "Austin, TX", "Austin TX" or "Austin". */
export async function resolveLocationText(db: DbOrTx, text: string): Promise<GeoPoint | null> {
  const t = text.trim().slice(0, 200);
  if (!t) return null;
  if (ZIP.test(t)) return lookupZip(db, t);
  const m = /^(.*?)[,\s]+([A-Za-z]{2})$/.exec(t);
  if (m?.[1]) {
    const hit = await lookupCity(db, m[1].replace(/,$/, ''), m[2]);
    if (hit) return hit;
  }
  return lookupCity(db, t.replace(/,$/, ''));
}

/** City suggestions by prefix from the gazetteer (location boxes), largest cities first. */
export async function suggestCities(db: DbOrTx, prefix: string, limit = 10): Promise<Array<{ city: string; state: string }>> {
  const p = prefix
    .trim()
    .slice(0, 100)
    .toLowerCase()
    .replace(/[\\%_]/g, (ch) => `\\${ch}`);
  if (!p) return [];
  const r = await db.execute<{ city: string; state: string }>(
    sql`SELECT city, state FROM geo_cities WHERE lower(city) LIKE ${`${p}%`} ORDER BY zip_count DESC, city LIMIT ${limit}`,
  );
  return r.rows;
}
