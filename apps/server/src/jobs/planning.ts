import { messages } from '@hh/contract/messages';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { logActivity } from '../core/activity-log.ts';
import type { Actor } from '../auth/actor.ts';
import type { Db, DbOrTx, Tx } from '../db/client.ts';
import { updateJobPlanning } from '../feed/index.ts';
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

/**
 * `PATCH /api/job/mvp-update`: addresses the job by `_id` or by `adid`, then applies the change
 * through the media planner's one implementation (feed/job-planning.ts), which validates the
 * budget's dollar format and the questions list id against the client's groups.
 */
export async function updatePlanning(
  db: Db,
  opts: {
    clientId: string;
    actor: Actor;
    input: { _id?: string; adid?: string; budget?: string | null; indeedApply?: boolean; questionsListId?: string | null };
  },
) {
  const i = opts.input;
  let jobId = i._id;
  if (!jobId) {
    const [found] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.clientId, opts.clientId), eq(jobs.adid, i.adid ?? '')))
      .limit(1);
    if (!found) throw notFound('job', messages.jobs.jobNotFound);
    jobId = found.id;
  }
  await updateJobPlanning(db, {
    actor: opts.actor,
    clientId: opts.clientId,
    jobId,
    adid: i._id ? i.adid : undefined,
    budget: i.budget,
    indeedApply: i.indeedApply,
    questionsListId: i.questionsListId,
  });
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.clientId, opts.clientId), eq(jobs.id, jobId)))
    .limit(1);
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
