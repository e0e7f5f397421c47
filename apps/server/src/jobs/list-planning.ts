import type { jobRoutes as r } from '@hh/contract/jobs';
import { asc, eq } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { jobs } from '../db/schema/jobs.ts';
import { planningOf } from './serialize-planning.ts';

/** The planning entries of every job of the client, by title. */
export const listPlanning: Operation<typeof r.mvpList, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId);
  const rows = await deps.db.select().from(jobs).where(eq(jobs.clientId, client.id)).orderBy(asc(jobs.title), asc(jobs.id)).limit(100000);
  const results = rows.map(planningOf);
  return { results, totalCount: results.length };
};
