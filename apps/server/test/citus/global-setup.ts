import PgBoss from 'pg-boss';
import type { TestProject } from 'vitest/node';
import { createPool } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { createDistributedDatabase, dropEverywhere, sealTemplate } from './cluster-db.ts';

/**
 * Global setup of `npm run test:citus` (scripts/citus/run.mjs starts the cluster and passes it in
 * CITUS_COORDINATOR_URL and CITUS_WORKER_PORTS). The template is a plain migrated database on the
 * coordinator; it is distributed once into a sealed template that each test file clones on every
 * node (cluster-db.ts, test/test-db.ts).
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.CITUS_COORDINATOR_URL;
  const workers = (process.env.CITUS_WORKER_PORTS ?? '').split(',').filter(Boolean).map(Number);
  if (!adminUrl || !workers.length) throw new Error('CITUS_COORDINATOR_URL and CITUS_WORKER_PORTS must be set (run `npm run test:citus`)');
  const template = `hh_template_${process.pid}`;
  const admin = createPool(adminUrl, 1);
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const templateUrl = adminUrl.replace(/\/[^/]*$/, `/${template}`);
  const pool = createPool(templateUrl, 2);
  await migrate(pool);
  await pool.end();
  const boss = new PgBoss({ connectionString: templateUrl, schema: 'pgboss', supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false, wait: true });
  // The distributed template each test file clones on every node (cluster-db.ts).
  const distributed = `hh_dtemplate_${process.pid}`;
  await dropEverywhere(adminUrl, workers, distributed);
  await createDistributedDatabase(adminUrl, workers, template, distributed);
  await sealTemplate(adminUrl, workers, distributed);
  project.provide('adminUrl', adminUrl);
  project.provide('templateDb', template);
  project.provide('distributedTemplateDb', distributed);
  project.provide('citusWorkers', workers);
  return async () => {
    await dropEverywhere(adminUrl, workers, distributed).catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  };
}
