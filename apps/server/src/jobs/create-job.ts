import type { jobRoutes as r } from '@hh/contract/jobs';
import { messages } from '@hh/contract/messages';
import { requireClient, requireRight } from '../auth/access.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { jobs } from '../db/schema/jobs.ts';
import { conflict } from '../lib/app-error.ts';
import { jobValues, newReferenceNumber } from './job-values.ts';
import { JOB_WRITERS } from './rights.ts';
import { serializeJob } from './serialize.ts';

export const createJob: Operation<typeof r.create, 'db'> = async (deps, input) => {
  const { actor, clientId, caller: _caller, upload: _upload, ...fields } = input;
  const client = await requireClient(deps, actor, clientId);
  requireRight(actor, JOB_WRITERS);
  const row = await deps.db.transaction(async (tx) => {
    const values = await jobValues({ db: tx }, { clientId: client.id, fields: fields });
    const referenceNumber = fields.referenceNumber ?? newReferenceNumber();
    const rows = await tx
      .insert(jobs)
      .values({ ...values, title: fields.title, referenceNumber, clientId: client.id })
      .onConflictDoNothing()
      .returning();
    if (!rows[0]) throw conflict('referenceNumber', `A job with the reference number "${referenceNumber}" already exists`);
    await logActivity(tx, { actor, clientId: client.id, action: 'create', entity: 'job', entityId: rows[0].id, changes: { title: rows[0].title } });
    return rows[0];
  });
  return { ...serializeJob(row, client), message: messages.jobs.jobCreated };
};
