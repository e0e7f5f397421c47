import { messages } from '@hh/contract/messages';
import type { publicJobRoutes as r } from '@hh/contract/public-jobs';
import type { Operation } from '../core/operation.ts';
import type { DbOrTx } from '../db/client.ts';
import { type JobRow, loadJob, serializeJob } from '../jobs/index.ts';
import { notFound } from '../lib/app-error.ts';
import { publicClient } from './public-client.ts';

/**
 * An open job of the client; a draft or closed job is invisible on every public path (a job that
 * is not published answers like a missing one, so its id cannot be probed).
 */
export async function loadOpenJob(db: DbOrTx, clientId: string, jobId: string): Promise<JobRow> {
  const row = await loadJob({ db }, { clientId, jobId });
  if (row.status !== 'open') throw notFound('job', messages.jobs.jobNotFound);
  return row;
}

export const getPublicJob: Operation<typeof r.getJob, 'db'> = async ({ db }, input) => {
  const client = await publicClient({ db }, { nameSlug: input.nameSlug });
  return serializeJob(await loadOpenJob(db, client.id, input.jobId), client);
};
