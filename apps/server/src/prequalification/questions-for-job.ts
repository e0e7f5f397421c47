import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { type PrequalificationQuestion, prequalificationQuestions } from '../db/schema/jobs.ts';

/**
 * The questions a visitor answers on a job: the job's own set, else its department's,
 * else the client-wide set (most specific wins).
 */
export async function questionsForJob(
  deps: { db: DbOrTx },
  input: { clientId: string; job: { id: string; departmentId: string | null } },
): Promise<PrequalificationQuestion[]> {
  const { clientId, job } = input;
  const rows = await deps.db
    .select()
    .from(prequalificationQuestions)
    .where(
      and(
        eq(prequalificationQuestions.clientId, clientId),
        sql`(${prequalificationQuestions.jobId} = ${job.id}
             OR (${prequalificationQuestions.jobId} IS NULL AND ${prequalificationQuestions.departmentId} IS NOT DISTINCT FROM ${job.departmentId}::uuid)
             OR (${prequalificationQuestions.jobId} IS NULL AND ${prequalificationQuestions.departmentId} IS NULL))`,
      ),
    );
  const pick =
    rows.find((r) => r.jobId === job.id) ??
    rows.find((r) => r.departmentId && r.departmentId === job.departmentId) ??
    rows.find((r) => !r.jobId && !r.departmentId);
  return pick?.questions ?? [];
}
