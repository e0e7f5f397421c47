import type { JobWritable } from '@hh/contract/jobs';
import type { Actor } from '../auth/actor.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Tx } from '../db/client.ts';
import { jobs } from '../db/schema/jobs.ts';
import { conflict } from '../lib/app-error.ts';
import { jobValues, newReferenceNumber } from './job-values.ts';
import type { JobRow } from './serialize.ts';

export async function createJob(tx: Tx, opts: { clientId: string; actor: Actor | null; input: JobWritable }): Promise<JobRow> {
  const values = await jobValues(tx, opts.clientId, opts.input);
  const referenceNumber = opts.input.referenceNumber ?? newReferenceNumber();
  const rows = await tx
    .insert(jobs)
    .values({ ...values, title: opts.input.title, referenceNumber, clientId: opts.clientId })
    .onConflictDoNothing()
    .returning();
  if (!rows[0]) throw conflict('referenceNumber', `A job with the reference number "${referenceNumber}" already exists`);
  await logActivity(tx, {
    actor: opts.actor,
    clientId: opts.clientId,
    action: 'create',
    entity: 'job',
    entityId: rows[0].id,
    changes: { title: rows[0].title },
  });
  return rows[0];
}
