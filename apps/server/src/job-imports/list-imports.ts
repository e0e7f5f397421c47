import type { jobImportRoutes as r } from '@hh/contract/job-imports';
import { desc, eq } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { jobImports } from '../db/schema/jobs.ts';
import { serializeImport } from './serialize-import.ts';

/** The client's 50 latest imports, newest first. */
export const listImports: Operation<typeof r.list, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId);
  const rows = await deps.db.select().from(jobImports).where(eq(jobImports.clientId, client.id)).orderBy(desc(jobImports.createdAt)).limit(50);
  return { results: rows.map(serializeImport), totalCount: rows.length };
};
