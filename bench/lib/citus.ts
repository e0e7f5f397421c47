// The benches' Citus database: on a cluster started by scripts/citus/cluster.mjs, the database on every
// node with the extension, the workers registered with the coordinator, the schema migrated and
// distributed as `npm run db:distribute` does. Used by bench/scale and bench/candidates.
import pg from 'pg';
import { createPool } from '../../apps/server/src/db/client.ts';
import { distribute } from '../../apps/server/src/db/distribute.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
// @ts-expect-error plain JavaScript module without types
import { clusterUrl } from '../../scripts/citus/cluster.mjs';

export type Cluster = { dir: string; coordinator: { port: number }; workers: Array<{ port: number }> };

/** Prepares the application database on a fresh cluster; returns its coordinator URL. */
export async function prepareCitusDatabase(info: Cluster): Promise<string> {
  for (const port of [info.coordinator.port, ...info.workers.map((w) => w.port)]) {
    const admin = new pg.Client(clusterUrl(info, 'postgres', port));
    await admin.connect();
    await admin.query('CREATE DATABASE humanize_hiring');
    await admin.end();
    const d = new pg.Client(clusterUrl(info, 'humanize_hiring', port));
    await d.connect();
    await d.query('CREATE EXTENSION citus');
    await d.end();
  }
  const url = clusterUrl(info, 'humanize_hiring') as string;
  const p = createPool(url, 1);
  try {
    await p.query('SELECT citus_set_coordinator_host($1, $2)', ['127.0.0.1', info.coordinator.port]);
    for (const w of info.workers) await p.query('SELECT citus_add_node($1, $2)', ['127.0.0.1', w.port]);
    await migrate(p);
    await distribute(p);
  } finally {
    await p.end();
  }
  return url;
}
