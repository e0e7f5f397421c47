// The Citus target of bench/candidates: a coordinator and two workers (PostgreSQL 15, scripts/citus),
// made once in `dir` with the schema migrated and distributed as `npm run db:distribute` does, then
// kept and started again on later runs (BENCH_FRESH=1 makes it anew). Each node gets `sharedBuffers`,
// as a server holding the data set would.
import { existsSync } from 'node:fs';
import path from 'node:path';
// @ts-expect-error plain JavaScript module without types
import { clusterUrl, restartCluster, startCluster, stopCluster } from '../../scripts/citus/cluster.mjs';
import { type Cluster, prepareCitusDatabase } from '../lib/citus.ts';

export async function openCitusCluster(dir: string, sharedBuffers: string, log: (s: string) => void) {
  let info: Cluster;
  if (existsSync(path.join(dir, 'cluster.json'))) {
    info = restartCluster(dir);
    log(`Citus cluster started again from ${dir}`);
  } else {
    info = await startCluster(dir, { sharedBuffers });
    await prepareCitusDatabase(info);
    log(`Citus cluster made in ${dir} (coordinator and two workers, shared_buffers ${sharedBuffers} each)`);
  }
  return { url: clusterUrl(info, 'humanize_hiring') as string, stop: () => stopCluster(dir, { keep: true }) };
}
