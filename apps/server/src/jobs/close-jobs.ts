import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Tx } from '../db/client.ts';
import { jobs } from '../db/schema/jobs.ts';

/** Bulk close: only this client's jobs; ids of other tenants are simply not matched. */
export async function closeJobs(tx: Tx, opts: { clientId: string; actor: Actor | null; jobIds: string[] }): Promise<number> {
  const rows = await tx
    .update(jobs)
    .set({ status: 'closed', updatedAt: new Date() })
    .where(and(eq(jobs.clientId, opts.clientId), inArray(jobs.id, opts.jobIds), sql`${jobs.status} <> 'closed'`))
    .returning({ id: jobs.id });
  if (rows.length) {
    await logActivity(tx, { actor: opts.actor, clientId: opts.clientId, action: 'close', entity: 'job', changes: { jobIds: rows.map((r) => r.id) } });
  }
  return rows.length;
}
