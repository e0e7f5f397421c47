import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '../../test/helpers.ts';
import { geoCell, geoCellsAround, MAX_CELLS } from './cells.ts';

/** The grid of radius search (decision 0541): the server's formula is the database's, and a circle's cells cover it. */
let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => t?.close());

// Deterministic points: continental US, Alaska, near the poles and across the antimeridian.
const points: Array<[number, number]> = [];
for (let i = 0; i < 400; i++) points.push([((i * 37) % 170) - 85 + (i % 7) / 10, ((i * 83) % 359) - 179.5 + (i % 11) / 10]);
points.push([41.8858, -87.6181], [64.8378, -147.7164], [0, 0], [-33.8688, 151.2093], [51.5, -0.0001], [40.7484, -73.9967]);

describe('geo cells', () => {
  it('numbers a point the same in the server and in the generated column', async () => {
    const r = await t.app.pool.query<{ cell: number }>(
      `SELECT floor((p.lat + 90) * 5)::integer * 2000 + floor((p.lng + 180) * 5)::integer AS cell
         FROM unnest($1::float8[], $2::float8[]) WITH ORDINALITY AS p(lat, lng, n) ORDER BY n`,
      [points.map((p) => p[0]), points.map((p) => p[1])],
    );
    // The migration's expression, read back from the table definition, is the one above.
    const def = await t.app.pool.query<{ expr: string }>(
      `SELECT pg_get_expr(d.adbin, d.adrelid) AS expr FROM pg_attrdef d JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
        WHERE d.adrelid = 'candidates'::regclass AND a.attname = 'geo_cell'`,
    );
    expect(def.rows[0].expr.replace(/\s+/g, ' ')).toContain(
      '(floor(((lat + (90)::double precision) * (5)::double precision)))::integer * 2000) + (floor(((lng + (180)::double precision) * (5)::double precision)))::integer',
    );
    expect(r.rows.map((x) => x.cell)).toEqual(points.map(([lat, lng]) => geoCell(lat, lng)));
  });

  it('covers every point within the radius, and gives up past MAX_CELLS', async () => {
    for (const [lat, lng] of [
      [41.8858, -87.6181],
      [64.8378, -147.7164],
      [25.7617, -80.1918],
      [47.6062, -122.3321],
    ] as Array<[number, number]>) {
      for (const miles of [1, 10, 25, 60, 100]) {
        const cells = new Set(geoCellsAround(lat, lng, miles));
        expect(cells.size).toBeGreaterThan(0);
        const r = await t.app.pool.query<{ lat: number; lng: number }>(
          `SELECT lat, lng FROM geo_zip_codes WHERE earth_distance(ll_to_earth($1, $2), ll_to_earth(lat, lng)) <= $3`,
          [lat, lng, miles * 1609.344],
        );
        for (const z of r.rows) expect(cells.has(geoCell(z.lat, z.lng)), `${z.lat},${z.lng} within ${miles} mi of ${lat},${lng}`).toBe(true);
      }
    }
    expect(geoCellsAround(41.88, -87.62, 400)).toBeNull();
    expect(geoCellsAround(41.88, -87.62, 100)?.length).toBeLessThanOrEqual(MAX_CELLS);
  });
});
