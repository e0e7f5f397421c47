import { createPool } from '../../src/db/client.ts';
import { distribute } from '../../src/db/distribute.ts';

/**
 * Databases on the test Citus cluster (`npm run test:citus`). Citus 12.1 does not propagate CREATE
 * DATABASE, so a database is made on the coordinator and on every worker.
 *
 * Distributing the schema (about a hundred tables, each with its shards on two workers) took 20–45 s
 * per test file. So it is done once, in the global setup, into a distributed template that is then
 * sealed (no connections allowed, which also keeps the Citus maintenance daemon away); each test file
 * clones it on every node. A clone keeps the template's Citus metadata: the same nodes by host and
 * port, and the same shard names, which live in the clone's own database on each worker.
 */
export function nodeUrl(adminUrl: string, port: number, db: string): string {
  const u = new URL(adminUrl);
  u.port = String(port);
  u.pathname = `/${db}`;
  return u.toString();
}

/** Every node's admin URL: the coordinator's first, then the workers'. */
function nodes(adminUrl: string, workers: number[]): string[] {
  const coordinator = new URL(adminUrl);
  return [nodeUrl(adminUrl, Number(coordinator.port), 'postgres'), ...workers.map((p) => nodeUrl(adminUrl, p, 'postgres'))];
}

async function onNode(url: string, text: string, values: unknown[] = []) {
  const pool = createPool(url, 1);
  try {
    return await pool.query(text, values);
  } finally {
    await pool.end();
  }
}

/** A new distributed database: the coordinator's cloned from the plain migrated template, the workers' empty, then distributed. */
export async function createDistributedDatabase(adminUrl: string, workers: number[], plainTemplate: string, dbName: string): Promise<void> {
  await onNode(adminUrl, `CREATE DATABASE ${dbName} TEMPLATE ${plainTemplate}`);
  for (const port of workers) {
    await onNode(nodeUrl(adminUrl, port, 'postgres'), `CREATE DATABASE ${dbName}`);
    await onNode(nodeUrl(adminUrl, port, dbName), 'CREATE EXTENSION citus');
  }
  const pool = createPool(adminUrl.replace(/\/[^/]*$/, `/${dbName}`), 1);
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

/** No one may connect to the template any more (a database being accessed cannot be cloned); those connected are ended. */
export async function sealTemplate(adminUrl: string, workers: number[], dbName: string): Promise<void> {
  for (const url of nodes(adminUrl, workers)) {
    await onNode(url, `ALTER DATABASE ${dbName} WITH ALLOW_CONNECTIONS false`);
    await endConnections(url, dbName);
  }
}

async function endConnections(url: string, dbName: string) {
  await onNode(url, 'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [dbName]);
}

/** A test file's database on every node, cloned from the sealed distributed template. */
export async function cloneDistributedTemplate(adminUrl: string, workers: number[], template: string, dbName: string): Promise<void> {
  for (const url of nodes(adminUrl, workers)) {
    for (let attempt = 1; ; attempt++) {
      try {
        await onNode(url, `CREATE DATABASE ${dbName} TEMPLATE ${template}`);
        break;
      } catch (err) {
        // A connection that was on its way in when the template was sealed: end it, try again.
        if (attempt >= 5 || !/being accessed by other users/.test((err as Error).message)) throw err;
        await endConnections(url, template);
        await new Promise((r) => setTimeout(r, 200 * attempt));
      }
    }
  }
}

export async function dropEverywhere(adminUrl: string, workers: number[], dbName: string): Promise<void> {
  for (const url of nodes(adminUrl, workers)) await onNode(url, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
}
