import type { JobWritable } from '@hh/contract/jobs';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { diff, logActivity } from '../core/activity-log.ts';
import type { Tx } from '../db/client.ts';
import { jobs } from '../db/schema/jobs.ts';
import { conflict } from '../lib/app-error.ts';
import { jobValues } from './job-values.ts';
import { loadJob } from './load-job.ts';
import type { JobRow } from './serialize.ts';

export async function updateJob(tx: Tx, opts: { clientId: string; actor: Actor | null; jobId: string; input: Partial<JobWritable> }): Promise<JobRow> {
  const before = await loadJob(tx, opts.clientId, opts.jobId);
  const values = await jobValues(tx, opts.clientId, opts.input, before);
  if (values.referenceNumber && values.referenceNumber !== before.referenceNumber) {
    const [dup] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.clientId, opts.clientId), eq(jobs.referenceNumber, values.referenceNumber)));
    if (dup) throw conflict('referenceNumber', `A job with the reference number "${values.referenceNumber}" already exists`);
  }
  const [row] = await tx
    .update(jobs)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(jobs.clientId, opts.clientId), eq(jobs.id, opts.jobId)))
    .returning();
  await logActivity(tx, {
    actor: opts.actor,
    clientId: opts.clientId,
    action: 'update',
    entity: 'job',
    entityId: opts.jobId,
    changes: diff(before as unknown as Record<string, unknown>, values as Record<string, unknown>),
  });
  return row;
}
