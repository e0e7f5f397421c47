import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { logActivity } from '../core/activity-log.ts';
import { loadAccessibleClient, requireProductRight } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/client.ts';
import { clientFormQuestions } from '../db/schema/core.ts';
import { notFound } from '../lib/app-error.ts';
import type { FormQuestionRow } from './serialize-form-question.ts';

/** DELETE /api/client/delete-form-question (JSON body {_id, clientId}); replies with the removed question. */
export async function deleteFormQuestion(opts: { db: Db; actor: Actor; clientId: string; questionId: string }): Promise<FormQuestionRow> {
  const { db, actor, clientId, questionId } = opts;
  return db.transaction(async (tx) => {
    await loadAccessibleClient(tx, actor, clientId, 'formQuestions');
    requireProductRight(actor, 'wave', 'editor', 'formQuestions');
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
}
