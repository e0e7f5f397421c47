import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema/jobs.ts';
import { updateJobPlanning } from '../feed/index.ts';
import { notFound } from '../lib/app-error.ts';

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
