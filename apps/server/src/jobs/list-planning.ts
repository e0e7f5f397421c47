import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { jobs } from '../db/schema/jobs.ts';
import { planningOf } from './serialize-planning.ts';

/** The planning entries of every job of the client, by title. */
export async function listPlanning(db: DbOrTx, clientId: string) {
  const rows = await db.select().from(jobs).where(eq(jobs.clientId, clientId)).orderBy(asc(jobs.title), asc(jobs.id)).limit(100000);
  return rows.map(planningOf);
}
