import type { jobRoutes as r } from '@hh/contract/jobs';
import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { jobs } from '../db/schema/jobs.ts';
import { notFound } from '../lib/app-error.ts';
import { planningOf } from './serialize-planning.ts';

/** The planning entry of the client's job with this adid. */
export const getPlanning: Operation<typeof r.mvpGetById, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId);
  const [row] = await deps.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.clientId, client.id), eq(jobs.adid, input.adid)))
    .limit(1);
  if (!row) throw notFound('job', messages.jobs.jobNotFound);
  return planningOf(row);
};
