import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import type { DbDeps } from '../core/deps.ts';
import { jobs } from '../db/schema/jobs.ts';
import { notFound } from '../lib/app-error.ts';
import type { JobRow } from './serialize.ts';

/** One job of the client, any status (404 with the spec's message otherwise). */
export async function loadJob({ db }: DbDeps, { clientId, jobId }: { clientId: string; jobId: string }): Promise<JobRow> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.clientId, clientId), eq(jobs.id, jobId)));
  if (!row) throw notFound('job', messages.jobs.jobNotFound);
  return row;
}
