import type { prequalificationRoutes as r } from '@hh/contract/prequalification';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Operation } from '../core/operation.ts';
import { prequalificationQuestions } from '../db/schema/jobs.ts';
import { assertScope } from './assert-scope.ts';
import { scopedClient } from './rights.ts';
import { serializePrequalification } from './serialize-prequalification.ts';

/** The sets of a client, narrowed by job and/or department when given. */
export const listPrequalification: Operation<typeof r.list, 'db'> = async (deps, input) => {
  const client = await scopedClient(deps, input.actor, input.clientId);
  await assertScope(deps.db, client.id, input.jobId, input.departmentId);
  const conds: SQL[] = [eq(prequalificationQuestions.clientId, client.id)];
  if (input.jobId) conds.push(eq(prequalificationQuestions.jobId, input.jobId));
  if (input.departmentId) conds.push(eq(prequalificationQuestions.departmentId, input.departmentId));
  const rows = await deps.db
    .select()
    .from(prequalificationQuestions)
    .where(and(...conds))
    .orderBy(asc(prequalificationQuestions.createdAt));
  const results = rows.map(serializePrequalification);
  return { results, totalCount: results.length };
};
