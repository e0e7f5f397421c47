// The 1,000,000-candidate data set of bench/candidates, opened with the real app on it, signed in as
// an admin: shared by bench/candidates (search) and bench/pipeline (boards, reports, the stage backfill).
import { existsSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { hashPassword } from '../../apps/server/src/auth/passwords.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/boot.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { BIG, CLIENTS, SMALL, seedCandidates } from './seed.ts';
import { openCitusCluster } from './citus.ts';

/** The 1, 5 and 15 minute load averages, printed beside every figure (the machine is shared). */
export const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

/**
 * The data set on `target`: 'plain' is the embedded PostgreSQL of `npm start` (BENCH_DATA_DIR); 'citus'
 * a coordinator and two workers on PostgreSQL 15 (BENCH_CITUS_DIR), distributed as `npm run
 * db:distribute` does, each built once and kept.
 */
export async function openCandidateDataSet(log: (s: string) => void, target: 'plain' | 'citus' = 'plain') {
  const dataDir =
    target === 'citus'
      ? (process.env.BENCH_CITUS_DIR ?? path.join(os.tmpdir(), 'hh-bench-candidates-citus'))
      : (process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'hh-bench-candidates'));
  if (process.env.BENCH_FRESH && existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
  const cluster = target === 'citus' ? await openCitusCluster(dataDir, process.env.BENCH_SHARED_BUFFERS ?? '2GB', log) : null;
  const config = loadConfig(
    {},
    {
      ...(cluster ? { DATABASE_URL: cluster.url } : {}),
      DATA_DIR: cluster ? path.join(dataDir, 'app') : dataDir,
      EMBEDDED_PG_PORT: process.env.BENCH_PG_PORT ?? '54393',
      // A server that holds 1,000,000 candidates is tuned like one: the table and its indexes (3.6 GB) in
      // PostgreSQL's own cache, not its 128 MB default (the machine has 24 GB).
      EMBEDDED_PG_SHARED_BUFFERS: process.env.BENCH_SHARED_BUFFERS ?? '2GB',
      QUEUE_ENABLED: 'false',
      DB_STATEMENT_TIMEOUT_MS: '0', // the bulk data load runs past the app's statement limit
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
    },
  );
  const database = await openDatabase(config, () => {});
  await migrate(database.pool);
  const q = (text: string, params: unknown[] = []) => database.pool.query(text, params);

  const seeded = (await q(`SELECT to_regclass('bench_candidates_done') IS NOT NULL AS ok`)).rows[0].ok as boolean;
  if (!seeded) {
    log(`building the data set in ${dataDir} (${BIG + (CLIENTS - 1) * SMALL} candidates), load ${load()}`);
    await seedCandidates(database.pool, log);
  } else log(`reusing the data set in ${dataDir} (BENCH_FRESH=1 rebuilds it)`);

  const app = await buildApp({ config, db: database.db, pool: database.pool, databaseUrl: database.url, logger: false });
  // Server time of each request: Fastify's onRequest to onResponse.
  const started = new WeakMap<object, bigint>();
  const timing = { lastServerMs: 0 };
  app.addHook('onRequest', async (req) => {
    started.set(req, process.hrtime.bigint());
  });
  app.addHook('onResponse', async (req) => {
    const t = started.get(req);
    if (t) timing.lastServerMs = Number(process.hrtime.bigint() - t) / 1e6;
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const EMAIL = 'bench-admin@candidates.example';
  const PASSWORD = 'bench-password-1';
  await q(
    `INSERT INTO users (email, password_hash, first_name, last_name, user_type_global) VALUES ($1, $2, 'Bench', 'Admin', 'admin')
     ON CONFLICT DO NOTHING`,
    [EMAIL, await hashPassword(PASSWORD)],
  );
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const token = ((await login.json()) as { tokens: { accessToken: string } }).tokens.accessToken;
  const auth = { authorization: `Bearer ${token}` };
  const clientId = (await q(`SELECT id FROM clients WHERE name_slug = 'cand-bench-0'`)).rows[0].id as string;
  const close = async () => {
    await app.close();
    await database.stop();
    cluster?.stop();
  };
  return { config, database, q, app, base, auth, clientId, timing, close };
}
