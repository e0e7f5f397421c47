import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { departments, jobs } from '../db/schema/jobs.ts';
import { notFound } from '../lib/app-error.ts';

/** A job or department id of another client is "not found", under the spec's fetch message. */
export async function assertScope(db: DbOrTx, clientId: string, jobId?: string | null, departmentId?: string | null) {
  if (jobId) {
    const [j] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.clientId, clientId), eq(jobs.id, jobId)));
    if (!j) throw notFound('prequalificationQuestions', messages.recruiting.prequalificationFetchError);
  }
  if (departmentId) {
    const [d] = await db
      .select({ id: departments.id })
      .from(departments)
      .where(and(eq(departments.clientId, clientId), eq(departments.id, departmentId)));
    if (!d) throw notFound('prequalificationQuestions', messages.recruiting.prequalificationFetchError);
  }
}
