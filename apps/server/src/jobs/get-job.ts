import type { jobRoutes as r } from '@hh/contract/jobs';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { loadJob } from './load-job.ts';
import { serializeJob } from './serialize.ts';

/** One job of the client, any status. */
export const getJob: Operation<typeof r.getById, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId);
  return serializeJob(await loadJob(deps, { clientId: client.id, jobId: input.jobId }), client);
};
