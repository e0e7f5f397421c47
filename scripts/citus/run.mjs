#!/usr/bin/env node
// `npm run test:citus`: the scale-out claim as a test (docs/scaling.md).
//  1. builds and installs Citus 12.1.6 from ../shared/vendor when it is missing (scripts/citus/build.sh);
//  2. starts a coordinator and two workers (PostgreSQL 15) on free loopback ports (cluster.mjs);
//  3. creates the database on every node with the extension, registers the nodes, then runs
//     `npm run db:migrate` and `npm run db:distribute` against the coordinator through DATABASE_URL,
//     and `db:distribute` again (it must be a no-op);
//  4. runs the chosen API test files on the cluster (apps/server/vitest.citus.config.ts), each in
//     its own distributed database (a clone, on every node, of a template distributed once by the
//     global setup: apps/server/test/citus/cluster-db.ts), including the single-shard EXPLAIN test;
//  5. stops the cluster.
// Prints one closing line "N passed, N failed", like `npm test`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { clusterUrl, startCluster, stopCluster } from './cluster.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
process.chdir(root);
const out = path.join(root, '.test-output');
mkdirSync(out, { recursive: true });

function run(name, cmd, args, env = {}) {
  console.log(`\n=== citus: ${name}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${name} failed (exit ${r.status})`);
}

async function sql(url, text, params) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query(text, params);
  } finally {
    await c.end();
  }
}

let passed = 0;
let failed = 0;
const started = Date.now();
run('build', 'bash', ['scripts/citus/build.sh']);
const cluster = await startCluster();
console.log(`=== citus: coordinator 127.0.0.1:${cluster.coordinator.port}, workers ${cluster.workers.map((w) => w.port).join(', ')}`);
try {
  const db = 'humanize_hiring';
  for (const port of [cluster.coordinator.port, ...cluster.workers.map((w) => w.port)]) {
    await sql(clusterUrl(cluster, 'postgres', port), `CREATE DATABASE ${db}`);
    await sql(clusterUrl(cluster, db, port), 'CREATE EXTENSION citus');
  }
  const url = clusterUrl(cluster, db);
  await sql(url, 'SELECT citus_set_coordinator_host($1, $2)', ['127.0.0.1', cluster.coordinator.port]);
  for (const w of cluster.workers) await sql(url, 'SELECT citus_add_node($1, $2)', ['127.0.0.1', w.port]);
  const env = { DATABASE_URL: url, QUEUE_ENABLED: 'false', LOG_LEVEL: 'warn' };
  run('npm run db:migrate (DATABASE_URL = coordinator)', 'npm', ['run', '-s', 'db:migrate'], env);
  run('npm run db:distribute', 'npm', ['run', '-s', 'db:distribute'], env);
  run('npm run db:distribute again (idempotent)', 'npm', ['run', '-s', 'db:distribute'], env);
  const kinds = await sql(
    url,
    `SELECT CASE WHEN partmethod = 'h' THEN 'distributed' WHEN repmodel = 't' THEN 'reference' ELSE 'local' END AS kind, count(*)::int AS n
       FROM pg_dist_partition GROUP BY 1 ORDER BY 1`,
  );
  console.log(`=== citus: ${kinds.rows.map((r) => `${r.n} ${r.kind}`).join(', ')} tables`);
  passed++;

  const json = path.join(out, 'vitest-citus.json');
  rmSync(json, { force: true });
  const v = spawnSync(
    'npx',
    // Extra arguments go to Vitest (`npm run test:citus -- src/crm` runs the files matching that filter).
    [
      'vitest',
      'run',
      '--config',
      'apps/server/vitest.citus.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${json}`,
      ...process.argv.slice(2),
    ],
    {
      stdio: 'inherit',
      env: { ...process.env, CITUS_COORDINATOR_URL: clusterUrl(cluster), CITUS_WORKER_PORTS: cluster.workers.map((w) => w.port).join(',') },
    },
  );
  if (existsSync(json)) {
    const r = JSON.parse(readFileSync(json, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests + (r.success === false && r.numFailedTests === 0 ? 1 : 0);
  } else failed++;
  if (v.status !== 0 && failed === 0) failed++;
} catch (err) {
  console.error(`=== citus: ${err.message}`);
  failed++;
} finally {
  stopCluster(cluster.dir);
}
console.log(`\n=== citus: done in ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
