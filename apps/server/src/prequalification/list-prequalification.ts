import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { prequalificationQuestions } from '../db/schema/jobs.ts';
import { assertScope } from './assert-scope.ts';
import { serializePrequalification } from './serialize-prequalification.ts';

/** The sets of a client, narrowed by job and/or department when given. */
export async function listPrequalification(db: DbOrTx, opts: { clientId: string; jobId?: string; departmentId?: string }) {
  await assertScope(db, opts.clientId, opts.jobId, opts.departmentId);
  const conds: SQL[] = [eq(prequalificationQuestions.clientId, opts.clientId)];
  if (opts.jobId) conds.push(eq(prequalificationQuestions.jobId, opts.jobId));
  if (opts.departmentId) conds.push(eq(prequalificationQuestions.departmentId, opts.departmentId));
  const rows = await db
    .select()
    .from(prequalificationQuestions)
    .where(and(...conds))
    .orderBy(asc(prequalificationQuestions.createdAt));
  return rows.map(serializePrequalification);
}
