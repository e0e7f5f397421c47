import { inject } from 'vitest';
import { createPool } from '../src/db/client.ts';
import { cloneDistributedTemplate, createDistributedDatabase, dropEverywhere } from './citus/cluster-db.ts';

/**
 * A fresh database for one test file, cloned from the migrated template (CONVENTIONS §11).
 * On a Citus cluster (`npm run test:citus`, test/citus/global-setup.ts) the template is a plain
 * migrated database on the coordinator (no citus extension yet, so no Citus maintenance daemon holds
 * it open and it can be cloned). Citus does not propagate CREATE DATABASE, so the test database is
 * also created on every worker with the extension, the nodes are registered, and the schema is
 * distributed with the same code production uses (src/db/distribute.ts): once, into a template each
 * file clones on every node (test/citus/cluster-db.ts).
 */
export async function createTestDatabase(dbName: string): Promise<string> {
  const adminUrl = inject('adminUrl');
  const url = adminUrl.replace(/\/[^/]*$/, `/${dbName}`);
  const workers = citusWorkers();
  if (!workers.length) {
    const admin = createPool(adminUrl, 1);
    try {
      await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${inject('templateDb')}`);
    } finally {
      await admin.end();
    }
    return url;
  }
  const distributedTemplate = inject('distributedTemplateDb');
  if (distributedTemplate) await cloneDistributedTemplate(adminUrl, workers, distributedTemplate, dbName);
  else await createDistributedDatabase(adminUrl, workers, inject('templateDb'), dbName);
  return url;
}

export async function dropTestDatabase(dbName: string): Promise<void> {
  const adminUrl = inject('adminUrl');
  const workers = citusWorkers();
  if (workers.length) return dropEverywhere(adminUrl, workers, dbName);
  const a = createPool(adminUrl, 1);
  await a.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await a.end();
}

function citusWorkers(): number[] {
  return (inject('citusWorkers') as number[] | undefined) ?? [];
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Worker ports of the Citus cluster under test; absent on plain PostgreSQL. */
    citusWorkers?: number[];
    /** On the Citus cluster: the distributed, sealed template each test file clones (test/citus/cluster-db.ts). */
    distributedTemplateDb?: string;
  }
}
