import type { crmRoutes as r } from '@hh/contract/crm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { getStatuses } from './pipeline.ts';
import { CANDIDATE_READERS } from './rights.ts';

/** `GET api/crm/pipeline`: the client's statuses in order. */
export const getPipeline: Operation<typeof r.getPipeline, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'candidates');
  return { clientId: client.id, statuses: await getStatuses(deps.db, client.id) };
};
