import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Tx } from '../db/client.ts';
import { jobs } from '../db/schema/jobs.ts';

/**
 * "mvp-set-client-ids" (001 §7, payload not shown): gives every job of the client (or the listed
 * ones) that has no adid a unique one, so the media planner and the feed can address it.
 */
export async function assignAdids(tx: Tx, opts: { clientId: string; actor: Actor; jobIds?: string[] }) {
  const rows = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.clientId, opts.clientId), or(isNull(jobs.adid), sql`${jobs.adid} = ''`), opts.jobIds ? inArray(jobs.id, opts.jobIds) : undefined));
  for (const r of rows) {
    await tx
      .update(jobs)
      .set({ adid: randomBytes(6).toString('hex') })
      .where(and(eq(jobs.clientId, opts.clientId), eq(jobs.id, r.id)));
  }
  await logActivity(tx, { actor: opts.actor, clientId: opts.clientId, action: 'update', entity: 'jobPlanning', changes: { adidsAssigned: rows.length } });
  return rows.length;
}
