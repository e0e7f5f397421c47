// bench/search/db.ts: keeps the benchmark's seeded embedded PostgreSQL running for profiling.
//   node --import tsx bench/search/db.ts up /tmp/hh-bench-db        (until SIGTERM/SIGINT; prints the URL)
//   node --import tsx bench/search/db.ts sql 'EXPLAIN ...'          (against BENCH_DATABASE_URL)
// Then: BENCH_DATABASE_URL=postgres://postgres:postgres@127.0.0.1:54391/humanize_hiring node --import tsx bench/search/run.ts
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded.ts';

const [mode, arg] = process.argv.slice(2);
const PORT = Number(process.env.BENCH_PG_PORT ?? 54391);

if (mode === 'up') {
  const h = await startEmbeddedPostgres({ dataDir: path.join(arg ?? '/tmp/hh-bench-search-db', 'pg'), port: PORT, persistent: true });
  const admin = new pg.Client(h.url('postgres'));
  await admin.connect();
  const exists = await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'humanize_hiring'`);
  if (!exists.rowCount) await admin.query('CREATE DATABASE humanize_hiring');
  await admin.end();
  console.log(h.url('humanize_hiring'));
  const stop = async () => {
    await h.stop();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  setInterval(() => {}, 1 << 30);
} else if (mode === 'sql') {
  const c = new pg.Client(process.env.BENCH_DATABASE_URL ?? `postgres://postgres:postgres@127.0.0.1:${PORT}/humanize_hiring`);
  await c.connect();
  const res = await c.query(arg);
  for (const r of Array.isArray(res) ? res : [res]) {
    for (const row of r.rows)
      console.log(
        Object.values(row)
          .map((v) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)))
          .join(' | '),
      );
  }
  await c.end();
} else {
  console.error('usage: db.ts up <dataDir> | db.ts sql <statement>');
  process.exit(2);
}
