import type { prequalificationRoutes as r } from '@hh/contract/prequalification';
import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { prequalificationQuestions } from '../db/schema/jobs.ts';
import { notFound } from '../lib/app-error.ts';
import { KEY, writableClient } from './rights.ts';

/** The spec's delete sends the set's id only: the selected client (X-Client-Id) names the tenant. */
export const deletePrequalification: Operation<typeof r.remove, 'db'> = async (deps, input) => {
  const client = await writableClient(deps, input.actor, input.clientId);
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(prequalificationQuestions)
      .where(and(eq(prequalificationQuestions.clientId, client.id), eq(prequalificationQuestions.id, input.id)))
      .returning();
    if (!row) throw notFound(KEY, messages.jobs.prequalificationNotFound);
    await logActivity(tx, { actor: input.actor, clientId: client.id, action: 'delete', entity: 'prequalificationQuestions', entityId: row.id });
  });
  return { message: messages.jobs.prequalificationDeleted };
};
