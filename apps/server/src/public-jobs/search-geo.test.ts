import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, setupTestApp, type TestApp } from '../../test/helpers.ts';
import { greatCircle } from './search-geo.ts';
import { searchJobs } from './search-jobs.ts';

let t: TestApp;
let clientId: string;

beforeAll(async () => {
  t = await setupTestApp();
  clientId = (await createTenant(t.app)).client.id;
  // Open jobs on gazetteer zip codes around Austin, TX (every 7th zip code from 78600 to 78799).
  await t.app.db.execute(sql`
    INSERT INTO jobs (client_id, title, description, zip_code, city, state, lat, lng, reference_number, status, date_posted)
    SELECT ${clientId}, CASE WHEN n % 3 = 0 THEN 'Registered Nurse' ELSE 'Warehouse Associate' END, 'Day shift.',
           zip, city, state, lat, lng, 'R-' || n, 'open', '2026-01-01T00:00:00Z'::timestamptz + n * interval '1 hour'
      FROM (SELECT z.*, row_number() OVER (ORDER BY zip) AS n FROM geo_zip_codes z WHERE zip BETWEEN '78600' AND '78799') z
     WHERE n % 7 = 0 LIMIT 60`);
});
afterAll(async () => {
  await t.close();
});

describe('search performance helpers', () => {
  it('greatCircle(cube_distance) equals earth_distance to the bit', async () => {
    const r = await t.app.db.execute<{ n: number; same: number }>(sql`
      SELECT count(*)::int AS n,
             count(*) FILTER (WHERE ${greatCircle(sql`cube_distance(ll_to_earth(a.lat, a.lng), ll_to_earth(b.lat, b.lng))`)}
                                    = earth_distance(ll_to_earth(a.lat, a.lng), ll_to_earth(b.lat, b.lng)))::int AS same
        FROM (SELECT lat, lng FROM geo_zip_codes ORDER BY zip LIMIT 40) a,
             (SELECT lat, lng FROM geo_zip_codes ORDER BY zip DESC LIMIT 40) b`);
    expect(r.rows[0]).toEqual({ n: 1600, same: 1600 });
  });

  it('a keyword and radius search gives the same reply on every run of its prepared statement', async () => {
    const input = { keywords: 'nurse', zipcode: '78701', radius: 50, pageSize: 5 };
    const first = await searchJobs(t.app, { ...input, clientId });
    expect(first.totalCount).toBeGreaterThan(3);
    expect(first.rows.every((r) => r.row.title === 'Registered Nurse' && r.distance !== null && r.distance <= 50)).toBe(true);
    // The distances are earth_distance's, rounded to a tenth of a mile.
    const origin = await t.app.db.execute<{ lat: number; lng: number }>(sql`SELECT lat, lng FROM geo_zip_codes WHERE zip = '78701'`);
    const byId = new Map(
      (
        await t.app.db.execute<{ id: string; d: number }>(sql`
          SELECT id, earth_distance(ll_to_earth(${origin.rows[0].lat}::float8, ${origin.rows[0].lng}::float8), earth) / 1609.344 AS d
            FROM jobs WHERE client_id = ${clientId}`)
      ).rows.map((x) => [x.id, x.d]),
    );
    expect(byId.size).toBeGreaterThan(10);
    for (const r of first.rows) expect(r.distance).toBe(Math.round((byId.get(r.row.id) as number) * 10) / 10);
    // PostgreSQL switches a prepared statement to a generic plan after five runs: the replies stay the same.
    for (let i = 0; i < 8; i++) expect(await searchJobs(t.app, { ...input, clientId })).toEqual(first);
    // Sorted by distance: nearest first.
    const near = await searchJobs(t.app, { ...input, clientId, sort: 'distance' });
    const d = near.rows.map((r) => r.distance as number);
    expect(d).toEqual([...d].sort((a, b) => a - b));
  });
});
