import type { jobRoutes as r } from '@hh/contract/jobs';
import { messages } from '@hh/contract/messages';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { requireClient, requireRight } from '../auth/access.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { jobs } from '../db/schema/jobs.ts';
import { JOB_WRITERS } from './rights.ts';

/** Bulk close: only this client's jobs; ids of other tenants are simply not matched. */
export const closeJobs: Operation<typeof r.bulkClose, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId);
  requireRight(input.actor, JOB_WRITERS);
  const closed = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(jobs)
      .set({ status: 'closed', updatedAt: new Date() })
      .where(and(eq(jobs.clientId, client.id), inArray(jobs.id, input.jobIds), sql`${jobs.status} <> 'closed'`))
      .returning({ id: jobs.id });
    if (rows.length) {
      await logActivity(tx, { actor: input.actor, clientId: client.id, action: 'close', entity: 'job', changes: { jobIds: rows.map((row) => row.id) } });
    }
    return rows.length;
  });
  return { message: messages.jobs.jobsClosed(closed), closed };
};
