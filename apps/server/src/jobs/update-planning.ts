import type { jobRoutes as r } from '@hh/contract/jobs';
import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { requireClient, requireRight } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { jobs } from '../db/schema/jobs.ts';
import { updateJobPlanning } from '../feed/index.ts';
import { badRequest, notFound } from '../lib/app-error.ts';
import { JOB_WRITERS } from './rights.ts';
import { planningOf } from './serialize-planning.ts';

/**
 * `PATCH /api/job/mvp-update`: addresses the job by `_id` or by `adid`, then applies the change
 * through the media planner's one implementation (feed/job-planning.ts), which validates the
 * budget's dollar format and the questions list id against the client's groups.
 */
export const updatePlanning: Operation<typeof r.mvpUpdate, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId);
  requireRight(input.actor, JOB_WRITERS);
  if (!input._id && !input.adid) throw badRequest('_id', '_id or adid is required');
  let jobId = input._id;
  if (!jobId) {
    const [found] = await deps.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.clientId, client.id), eq(jobs.adid, input.adid ?? '')))
      .limit(1);
    if (!found) throw notFound('job', messages.jobs.jobNotFound);
    jobId = found.id;
  }
  await updateJobPlanning(deps, {
    actor: input.actor,
    clientId: client.id,
    jobId,
    adid: input._id ? input.adid : undefined,
    budget: input.budget,
    indeedApply: input.indeedApply,
    questionsListId: input.questionsListId,
    caller: input.caller,
    upload: undefined,
  });
  const [row] = await deps.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.clientId, client.id), eq(jobs.id, jobId)))
    .limit(1);
  return { ...planningOf(row), message: messages.recruiting.jobUpdated };
};
