import { type SQL, sql } from 'drizzle-orm';

/**
 * Great-circle metres from a chord length (cube_distance between two ll_to_earth points), the body
 * of earthdistance's `sec_to_gc` written out with the same float8 operations, so
 * `greatCircle(cube_distance(a, b))` equals `earth_distance(a, b)` bit for bit (and is NULL for
 * NULL). Written out because PostgreSQL does not inline `sec_to_gc` when its argument is a function
 * call (the argument is used more than once): as a SQL function call it cost about 2 µs a row,
 * most of the time of a radius search. (A chord is never negative, sec_to_gc's first branch.)
 */
export const greatCircle = (chord: SQL): SQL =>
  sql`(CASE WHEN ${chord} / ('2'::float8 * '6378168'::float8) > '1'::float8 THEN pi() * '6378168'::float8
            ELSE ('2'::float8 * '6378168'::float8) * asin(${chord} / ('2'::float8 * '6378168'::float8)) END)`;
