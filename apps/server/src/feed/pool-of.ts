import type pg from 'pg';
import type { Db } from '../db/client.ts';

/**
 * The pg pool under the app's database handle. The feed reads with plain pg queries (the XML is built
 * from raw rows and streamed from a cursor on one dedicated connection), so it takes the pool of
 * `deps.db` rather than a second handle.
 */
export const poolOf = (db: Db): pg.Pool => (db as unknown as { $client: pg.Pool }).$client;
