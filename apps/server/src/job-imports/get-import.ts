import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { jobImports } from '../db/schema/jobs.ts';
import { notFound } from '../lib/app-error.ts';

/** One import of the client, with its progress and errors. */
export async function getImport(db: DbOrTx, clientId: string, id: string) {
  const [row] = await db
    .select()
    .from(jobImports)
    .where(and(eq(jobImports.clientId, clientId), eq(jobImports.id, id)));
  if (!row) throw notFound('jobImport', messages.jobs.importNotFound);
  return row;
}
