import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { jobs } from '../db/schema/jobs.ts';
import { notFound } from '../lib/app-error.ts';
import { planningOf } from './serialize-planning.ts';

/** The planning entry of the client's job with this adid. */
export async function getPlanning(db: DbOrTx, clientId: string, adid: string) {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.clientId, clientId), eq(jobs.adid, adid)))
    .limit(1);
  if (!row) throw notFound('job', messages.jobs.jobNotFound);
  return planningOf(row);
}
