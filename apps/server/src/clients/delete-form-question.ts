import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { logActivity } from '../core/activity-log.ts';
import type { clientRoutes as r } from '@hh/contract/clients';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { clientFormQuestions } from '../db/schema/core.ts';
import { notFound } from '../lib/app-error.ts';
import { FORM_QUESTION_WRITERS } from './create-form-question.ts';
import { serializeFormQuestion } from './serialize-form-question.ts';

/** DELETE /api/client/delete-form-question (JSON body {_id, clientId}); replies with the removed question. */
export const deleteFormQuestion: Operation<typeof r.deleteFormQuestion, 'db'> = async (deps, opts) => {
  const { actor, _id: questionId } = opts;
  const row = await deps.db.transaction(async (tx) => {
    const { id: clientId } = await requireClient({ db: tx }, actor, opts.clientId, FORM_QUESTION_WRITERS, 'formQuestions');
    const [row] = await tx
      .delete(clientFormQuestions)
      .where(and(eq(clientFormQuestions.clientId, clientId), eq(clientFormQuestions.id, questionId)))
      .returning();
    if (!row) throw notFound('formQuestions', messages.server.questionNotFound);
    await logActivity(tx, {
      actor,
      clientId,
      action: 'delete',
      entity: 'formQuestion',
      entityId: row.id,
      changes: { question: { from: row.question, to: null } },
    });
    return row;
  });
  return serializeFormQuestion(row);
};
