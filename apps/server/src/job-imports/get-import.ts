import type { jobImportRoutes as r } from '@hh/contract/job-imports';
import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { jobImports } from '../db/schema/jobs.ts';
import { notFound } from '../lib/app-error.ts';
import { serializeImport } from './serialize-import.ts';

/** One import of the client, with its progress and errors. */
export const getImport: Operation<typeof r.getById, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId);
  const [row] = await deps.db
    .select()
    .from(jobImports)
    .where(and(eq(jobImports.clientId, client.id), eq(jobImports.id, input.id)));
  if (!row) throw notFound('jobImport', messages.jobs.importNotFound);
  return serializeImport(row);
};
