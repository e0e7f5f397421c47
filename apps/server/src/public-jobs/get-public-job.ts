import { messages } from '@hh/contract/messages';
import type { DbOrTx } from '../db/client.ts';
import { type JobRow, loadJob } from '../jobs/index.ts';
import { notFound } from '../lib/app-error.ts';

/** An open job of the client; a draft or closed job is invisible on every public path (issue 9 finding 13). */
export async function getPublicJob(db: DbOrTx, clientId: string, jobId: string): Promise<JobRow> {
  const row = await loadJob(db, clientId, jobId);
  if (row.status !== 'open') throw notFound('job', messages.jobs.jobNotFound);
  return row;
}
