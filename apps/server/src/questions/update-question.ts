import type { z } from 'zod';
import type { updateQuestionRequest } from '@hh/contract/team';
import { and, eq } from 'drizzle-orm';
import { logActivity } from '../core/activity-log.ts';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/client.ts';
import { type QuestionRow, questions } from '../db/schema/team.ts';
import { questionById } from './list-questions.ts';
import { loadClientForWrite, requireGlobalWriter } from './rights.ts';

/** PATCH /api/questions/update (a client question names its clientId; a global one does not). */
export async function updateQuestion(db: Db, actor: Actor, input: z.infer<typeof updateQuestionRequest>): Promise<QuestionRow> {
  const before = await questionById(db, actor, input._id, input.clientId);
  if (before.isGlobal) requireGlobalWriter(actor);
  else await loadClientForWrite(db, actor, before.clientId, 'questions');
  const { _id, clientId: _c, ...changes } = input;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(questions)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(questions.clientId, before.clientId), eq(questions.id, _id)))
      .returning();
    await logActivity(tx, { actor, clientId: before.isGlobal ? null : before.clientId, action: 'update', entity: 'question', entityId: _id, changes });
    return row;
  });
}

/** DELETE /api/questions/delete/{questionId}. */
export async function deleteQuestion(db: Db, actor: Actor, questionId: string, clientId?: string): Promise<void> {
  const before = await questionById(db, actor, questionId, clientId);
  if (before.isGlobal) requireGlobalWriter(actor);
  else await loadClientForWrite(db, actor, before.clientId, 'questions');
  await db.transaction(async (tx) => {
    await tx.delete(questions).where(and(eq(questions.clientId, before.clientId), eq(questions.id, questionId)));
    await logActivity(tx, {
      actor,
      clientId: before.isGlobal ? null : before.clientId,
      action: 'delete',
      entity: 'question',
      entityId: questionId,
      changes: { question: before.question },
    });
  });
}
