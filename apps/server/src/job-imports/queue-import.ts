import type { DbOrTx } from '../db/client.ts';
import { jobImports } from '../db/schema/jobs.ts';
import type { Queue } from '../plugins/queue.ts';
import { IMPORT_QUEUE } from './run-import.ts';

/** Records a job import (a file upload or the client's jobsFeedUrl) and enqueues it; the worker is job-imports/jobs/import-jobs.job.ts. */
export async function queueImport(
  deps: { db: DbOrTx; queue: Queue },
  input: { clientId: string; source: 'file' | 'feed' | 'sap'; fileName?: string; storageKey?: string; createdBy?: string; queue?: string },
) {
  const [row] = await deps.db
    .insert(jobImports)
    .values({
      clientId: input.clientId,
      source: input.source,
      fileName: input.fileName ?? null,
      storageKey: input.storageKey ?? null,
      createdBy: input.createdBy ?? null,
    })
    .returning();
  // A source with its own reader (SAP) names its own queue, whose worker calls runImport with that reader.
  await deps.queue.send(input.queue ?? IMPORT_QUEUE, { clientId: input.clientId, importId: row.id });
  return row;
}
