import { randomBytes } from 'node:crypto';
import type { jobRoutes as r } from '@hh/contract/jobs';
import { messages } from '@hh/contract/messages';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { requireClient, requireRight } from '../auth/access.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { jobs } from '../db/schema/jobs.ts';
import { JOB_WRITERS } from './rights.ts';

/**
 * "mvp-set-client-ids" (001 §7, payload not shown): gives every job of the client (or the listed
 * ones) that has no adid a unique one, so the media planner and the feed can address it.
 */
export const assignAdids: Operation<typeof r.mvpSetClientIds, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId);
  requireRight(input.actor, JOB_WRITERS);
  const assigned = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.clientId, client.id), or(isNull(jobs.adid), sql`${jobs.adid} = ''`), input.jobIds ? inArray(jobs.id, input.jobIds) : undefined));
    for (const row of rows) {
      await tx
        .update(jobs)
        .set({ adid: randomBytes(6).toString('hex') })
        .where(and(eq(jobs.clientId, client.id), eq(jobs.id, row.id)));
    }
    await logActivity(tx, { actor: input.actor, clientId: client.id, action: 'update', entity: 'jobPlanning', changes: { adidsAssigned: rows.length } });
    return rows.length;
  });
  return { message: messages.recruiting.jobUpdated, assigned };
};
