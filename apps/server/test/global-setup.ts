import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PgBoss from 'pg-boss';
import type { TestProject } from 'vitest/node';
import { createPool } from '../src/db/client.ts';
import { freePort, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrate } from '../src/db/migrate.ts';

/**
 * One real PostgreSQL for the whole run (TEST_DATABASE_URL, or an embedded throw-away cluster),
 * with a migrated template database. Each test file clones it (CREATE DATABASE ... TEMPLATE),
 * so files are isolated and can run in parallel (CONVENTIONS §11).
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  if (!adminUrl) {
    const base = mkdtempSync(path.join(os.tmpdir(), 'hh-test-'));
    await import('node:fs').then((fs) => fs.chmodSync(base, 0o755));
    const port = await freePort();
    const pg = await startEmbeddedPostgres({ dataDir: path.join(base, 'pg'), port, persistent: false, fast: true });
    adminUrl = pg.url('postgres');
    stop = async () => {
      await pg.stop();
      rmSync(base, { recursive: true, force: true });
    };
  }
  const template = `hh_template_${process.pid}`;
  const admin = createPool(adminUrl, 1);
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const templateUrl = adminUrl.replace(/\/[^/]*$/, `/${template}`);
  const pool = createPool(templateUrl, 2);
  await migrate(pool);
  await pool.end();
  // Install pg-boss's schema once, so each cloned database already has it.
  const boss = new PgBoss({ connectionString: templateUrl, schema: 'pgboss', supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false, wait: true });
  project.provide('adminUrl', adminUrl);
  project.provide('templateDb', template);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    await stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateDb: string;
  }
}
