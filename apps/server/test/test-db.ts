import { inject } from 'vitest';
import { createPool } from '../src/db/client.ts';
import { distribute } from '../src/db/distribute.ts';

/**
 * A fresh database for one test file, cloned from the migrated template (CONVENTIONS §11).
 * On a Citus cluster (`npm run test:citus`, test/citus/global-setup.ts) the template is a plain
 * migrated database on the coordinator (no citus extension yet, so no Citus maintenance daemon holds
 * it open and it can be cloned). Citus does not propagate CREATE DATABASE, so the test database is
 * also created on every worker with the extension, the nodes are registered, and the schema is
 * distributed with the same code production uses (src/db/distribute.ts).
 */
export async function createTestDatabase(dbName: string): Promise<string> {
  const adminUrl = inject('adminUrl');
  const admin = createPool(adminUrl, 1);
  try {
    await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${inject('templateDb')}`);
  } finally {
    await admin.end();
  }
  const url = adminUrl.replace(/\/[^/]*$/, `/${dbName}`);
  const workers = citusWorkers();
  if (workers.length) {
    for (const port of workers) {
      const w = createPool(nodeUrl(adminUrl, port, 'postgres'), 1);
      await w.query(`CREATE DATABASE ${dbName}`);
      await w.end();
      const wd = createPool(nodeUrl(adminUrl, port, dbName), 1);
      await wd.query('CREATE EXTENSION citus');
      await wd.end();
    }
    const pool = createPool(url, 1);
    try {
      await pool.query('CREATE EXTENSION citus');
      const coordinator = new URL(adminUrl);
      await pool.query('SELECT citus_set_coordinator_host($1, $2)', [coordinator.hostname, Number(coordinator.port)]);
      for (const port of workers) await addNode(pool, coordinator.hostname, port);
      await distribute(pool, { shardCount: 4 });
    } finally {
      await pool.end();
    }
  }
  return url;
}

/**
 * Registers a worker. Its fresh database is seconds old and, on a busy two-core machine, the first
 * connection Citus opens to it is sometimes refused ("failure on connection marked as essential");
 * the registration is tried again a few times before the test file fails.
 */
async function addNode(pool: ReturnType<typeof createPool>, host: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    try {
      await pool.query('SELECT citus_add_node($1, $2)', [host, port]);
      return;
    } catch (err) {
      if (attempt >= 4 || !/failure on connection marked as essential/.test((err as Error).message)) throw err;
      await new Promise((r) => setTimeout(r, 500 * attempt));
    }
  }
}

export async function dropTestDatabase(dbName: string): Promise<void> {
  const adminUrl = inject('adminUrl');
  const a = createPool(adminUrl, 1);
  await a.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await a.end();
  for (const port of citusWorkers()) {
    const w = createPool(nodeUrl(adminUrl, port, 'postgres'), 1);
    await w.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await w.end();
  }
}

function citusWorkers(): number[] {
  return (inject('citusWorkers') as number[] | undefined) ?? [];
}

function nodeUrl(adminUrl: string, port: number, db: string): string {
  const u = new URL(adminUrl);
  u.port = String(port);
  u.pathname = `/${db}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Worker ports of the Citus cluster under test; absent on plain PostgreSQL. */
    citusWorkers?: number[];
  }
}
