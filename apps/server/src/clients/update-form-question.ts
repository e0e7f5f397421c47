import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { diff, logActivity } from '../core/activity-log.ts';
import type { clientRoutes as r } from '@hh/contract/clients';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { clientFormQuestions } from '../db/schema/core.ts';
import { notFound } from '../lib/app-error.ts';
import { FORM_QUESTION_WRITERS } from './create-form-question.ts';
import { serializeFormQuestion } from './serialize-form-question.ts';

export const updateFormQuestion: Operation<typeof r.updateFormQuestion, 'db'> = async (deps, opts) => {
  const { actor, _id: questionId } = opts;
  const row = await deps.db.transaction(async (tx) => {
    const { id: clientId } = await requireClient({ db: tx }, actor, opts.clientId, FORM_QUESTION_WRITERS, 'formQuestions');
    const where = and(eq(clientFormQuestions.clientId, clientId), eq(clientFormQuestions.id, questionId));
    const [before] = await tx.select().from(clientFormQuestions).where(where).limit(1);
    if (!before) throw notFound('formQuestions', messages.server.questionNotFound);
    const [row] = await tx
      .update(clientFormQuestions)
      .set({ question: opts.question ?? before.question, position: opts.position ?? before.position, updatedAt: new Date() })
      .where(where)
      .returning();
    await logActivity(tx, {
      actor,
      clientId,
      action: 'update',
      entity: 'formQuestion',
      entityId: row.id,
      changes: diff({ question: before.question, position: before.position }, { question: row.question, position: row.position }),
    });
    return row;
  });
  return serializeFormQuestion(row);
};
