// The Citus target of bench/candidates: a coordinator and two workers (PostgreSQL 15, scripts/citus),
// made once in `dir` with the schema migrated and distributed as `npm run db:distribute` does, then
// kept and started again on later runs (BENCH_FRESH=1 makes it anew). Each node gets `sharedBuffers`,
// as a server holding the data set would.
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createPool } from '../../apps/server/src/db/client.ts';
import { distribute } from '../../apps/server/src/db/distribute.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
// @ts-expect-error plain JavaScript module without types
import { clusterUrl, restartCluster, startCluster, stopCluster } from '../../scripts/citus/cluster.mjs';

type Cluster = { dir: string; coordinator: { port: number }; workers: Array<{ port: number }> };

export async function openCitusCluster(dir: string, sharedBuffers: string, log: (s: string) => void) {
  let info: Cluster;
  if (existsSync(path.join(dir, 'cluster.json'))) {
    info = restartCluster(dir);
    log(`Citus cluster started again from ${dir}`);
  } else {
    info = await startCluster(dir, { sharedBuffers });
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
    const url = clusterUrl(info, 'humanize_hiring');
    const p = createPool(url, 1);
    await p.query('SELECT citus_set_coordinator_host($1, $2)', ['127.0.0.1', info.coordinator.port]);
    for (const w of info.workers) await p.query('SELECT citus_add_node($1, $2)', ['127.0.0.1', w.port]);
    await migrate(p);
    await distribute(p);
    await p.end();
    log(`Citus cluster made in ${dir} (coordinator and two workers, shared_buffers ${sharedBuffers} each)`);
  }
  return { url: clusterUrl(info, 'humanize_hiring') as string, stop: () => stopCluster(dir, { keep: true }) };
}
