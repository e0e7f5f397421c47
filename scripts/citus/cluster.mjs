#!/usr/bin/env node
// A throw-away Citus cluster on one machine: a coordinator and two workers, three PostgreSQL 15
// clusters on free loopback ports, run as the `postgres` user (PostgreSQL refuses root).
// Used by `npm run test:citus` (scripts/citus/run.mjs) and `npm run bench:scale`.
//   node scripts/citus/cluster.mjs start [dir]   prints the coordinator URL and worker ports (JSON)
//   node scripts/citus/cluster.mjs stop dir
import { execFileSync } from 'node:child_process';
import { appendFileSync, chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const isRoot = os.userInfo().uid === 0;

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL binary as the postgres user when we are root. */
function pgRun(bin, args) {
  const cmd = path.join(PG_BIN, bin);
  if (isRoot) return execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  return execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
}

function ids() {
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

/**
 * Starts three nodes; returns { dir, coordinator: { port }, workers: [{ port }, …], url(db) }.
 * `sharedBuffers` (default 64MB) is each node's PostgreSQL cache: a benchmark that holds a large data
 * set gives its nodes what a real server would.
 */
export async function startCluster(dir = mkdtempSync(path.join(os.tmpdir(), 'hh-citus-')), { sharedBuffers = '64MB' } = {}) {
  if (!existsSync(path.join(PG_BIN, 'postgres'))) throw new Error(`PostgreSQL 15 not found in ${PG_BIN}`);
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
  if (isRoot) {
    const { uid, gid } = ids();
    chownSync(dir, uid, gid);
  }
  const names = ['coordinator', 'worker1', 'worker2'];
  const nodes = [];
  for (const name of names) {
    const port = await freePort();
    const data = path.join(dir, name);
    pgRun('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-instructions']);
    const conf = [
      "shared_preload_libraries = 'citus'",
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      'max_connections = 300',
      'max_prepared_transactions = 300', // Citus commits multi-node writes with two-phase commit
      'fsync = off', // a throw-away test cluster
      'synchronous_commit = off',
      'full_page_writes = off',
      `shared_buffers = ${sharedBuffers}`,
    ];
    appendFileSync(path.join(data, 'postgresql.conf'), `\n${conf.join('\n')}\n`);
    pgRun('pg_ctl', ['-D', data, '-l', path.join(dir, `${name}.log`), '-w', '-t', '60', 'start']);
    nodes.push({ name, port, data });
  }
  const info = {
    dir,
    host: '127.0.0.1',
    coordinator: { port: nodes[0].port },
    workers: nodes.slice(1).map((n) => ({ port: n.port })),
  };
  writeFileSync(path.join(dir, 'cluster.json'), JSON.stringify(info));
  return info;
}

/** Starts again the nodes of a cluster made earlier in `dir` (kept by stopCluster(dir, { keep: true })), on its ports. */
export function restartCluster(dir) {
  const info = readCluster(dir);
  for (const name of ['coordinator', 'worker1', 'worker2']) {
    const data = path.join(dir, name);
    if (existsSync(path.join(data, 'postmaster.pid'))) continue;
    pgRun('pg_ctl', ['-D', data, '-l', path.join(dir, `${name}.log`), '-w', '-t', '120', 'start']);
  }
  return info;
}

/** Stops the nodes and deletes the cluster, or keeps its files for restartCluster (`keep`). */
export function stopCluster(dir, { keep = false } = {}) {
  for (const name of ['coordinator', 'worker1', 'worker2']) {
    const data = path.join(dir, name);
    if (!existsSync(path.join(data, 'postmaster.pid'))) continue;
    try {
      pgRun('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    } catch (err) {
      console.error(`citus: could not stop ${name}: ${err.message}`);
    }
  }
  if (!keep) rmSync(dir, { recursive: true, force: true });
}

export function clusterUrl(info, db = 'postgres', port = info.coordinator.port) {
  return `postgres://postgres@${info.host}:${port}/${db}`;
}

export function readCluster(dir) {
  return JSON.parse(readFileSync(path.join(dir, 'cluster.json'), 'utf8'));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [cmd, dir] = process.argv.slice(2);
  if (cmd === 'start') {
    const info = await startCluster(dir);
    console.log(JSON.stringify({ ...info, url: clusterUrl(info) }));
  } else if (cmd === 'stop' && dir) {
    stopCluster(dir);
  } else {
    console.error('usage: cluster.mjs start [dir] | stop dir');
    process.exit(2);
  }
}
