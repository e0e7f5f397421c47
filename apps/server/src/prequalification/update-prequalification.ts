import type { prequalificationRoutes as r } from '@hh/contract/prequalification';
import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { prequalificationQuestions } from '../db/schema/jobs.ts';
import { notFound } from '../lib/app-error.ts';
import { KEY, writableClient } from './rights.ts';
import { serializePrequalification, withIds } from './serialize-prequalification.ts';

export const updatePrequalification: Operation<typeof r.update, 'db'> = async (deps, input) => {
  const client = await writableClient(deps, input.actor, input.clientId);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(prequalificationQuestions)
      .set({ questions: withIds(input.questions), updatedAt: new Date() })
      .where(and(eq(prequalificationQuestions.clientId, client.id), eq(prequalificationQuestions.id, input._id)))
      .returning();
    if (!row) throw notFound(KEY, messages.jobs.prequalificationNotFound);
    await logActivity(tx, { actor: input.actor, clientId: client.id, action: 'update', entity: 'prequalificationQuestions', entityId: row.id });
    return { ...serializePrequalification(row), message: messages.recruiting.prequalificationSaved };
  });
};
