import { randomBytes } from 'node:crypto';
import { jobMessages } from '@hh/contract/jobs';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { logActivity } from '../activity/log-activity.ts';
import type { Actor } from '../auth/actor.ts';
import type { DbOrTx, Tx } from '../db/client.ts';
import { jobs } from '../db/schema/jobs.ts';
import { notFound } from '../lib/app-error.ts';
import type { JobRow } from './serialize.ts';

/** Core spec §3 job-planning entry: adid, budget (dollar amount as a string), indeedApply, questionsListId. */
export const planningOf = (r: JobRow) => ({
  _id: r.id,
  clientId: r.clientId,
  adid: r.adid,
  title: r.title,
  referenceNumber: r.referenceNumber,
  status: r.status,
  budget: r.budget === null ? '0' : Number(r.budget).toFixed(2),
  indeedApply: r.indeedApply,
  questionsListId: r.questionsListId,
});

export async function listPlanning(db: DbOrTx, clientId: string) {
  const rows = await db.select().from(jobs).where(eq(jobs.clientId, clientId)).orderBy(asc(jobs.title), asc(jobs.id)).limit(100000);
  return rows.map(planningOf);
}

export async function updatePlanning(
  tx: Tx,
  opts: {
    clientId: string;
    actor: Actor;
    input: { _id?: string; adid?: string; budget?: string | number; indeedApply?: boolean; questionsListId?: string | null };
  },
) {
  const i = opts.input;
  const set: Partial<typeof jobs.$inferInsert> = { updatedAt: new Date() };
  if (i.budget !== undefined) set.budget = Number(i.budget);
  if (i.indeedApply !== undefined) set.indeedApply = i.indeedApply;
  if (i.questionsListId !== undefined) set.questionsListId = i.questionsListId;
  if (i._id && i.adid) set.adid = i.adid;
  const [row] = await tx
    .update(jobs)
    .set(set)
    .where(and(eq(jobs.clientId, opts.clientId), i._id ? eq(jobs.id, i._id) : eq(jobs.adid, i.adid ?? '')))
    .returning();
  if (!row) throw notFound('job', jobMessages.jobNotFound);
  await logActivity(tx, { actor: opts.actor, clientId: opts.clientId, action: 'update', entity: 'jobPlanning', entityId: row.id, changes: { ...i } });
  return row;
}

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
