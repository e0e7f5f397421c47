import type { jobRoutes as r } from '@hh/contract/jobs';
import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { requireClient, requireRight } from '../auth/access.ts';
import { diff, logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { jobs } from '../db/schema/jobs.ts';
import { conflict } from '../lib/app-error.ts';
import { jobValues } from './job-values.ts';
import { loadJob } from './load-job.ts';
import { JOB_WRITERS } from './rights.ts';
import { serializeJob } from './serialize.ts';

export const updateJob: Operation<typeof r.update, 'db'> = async (deps, input) => {
  const { actor, clientId, caller: _caller, upload: _upload, _id: jobId, ...fields } = input;
  const client = await requireClient(deps, actor, clientId);
  requireRight(actor, JOB_WRITERS);
  const row = await deps.db.transaction(async (tx) => {
    const before = await loadJob({ db: tx }, { clientId: client.id, jobId: jobId });
    const values = await jobValues({ db: tx }, { clientId: client.id, fields: fields, before: before });
    if (values.referenceNumber && values.referenceNumber !== before.referenceNumber) {
      const [dup] = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.clientId, client.id), eq(jobs.referenceNumber, values.referenceNumber)));
      if (dup) throw conflict('referenceNumber', `A job with the reference number "${values.referenceNumber}" already exists`);
    }
    const [updated] = await tx
      .update(jobs)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(jobs.clientId, client.id), eq(jobs.id, jobId)))
      .returning();
    await logActivity(tx, {
      actor,
      clientId: client.id,
      action: 'update',
      entity: 'job',
      entityId: jobId,
      changes: diff(before as unknown as Record<string, unknown>, values as Record<string, unknown>),
    });
    return updated;
  });
  return { ...serializeJob(row, client), message: messages.recruiting.jobUpdated };
};
