import { messages } from '@hh/contract/messages';
import type { questionRoutes as r } from '@hh/contract/questions';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Deps } from '../core/deps.ts';
import type { Operation } from '../core/operation.ts';
import type { QuestionRow } from '../db/schema/team.ts';
import { questions } from '../db/schema/team.ts';
import { namedClient, questionById } from './list-questions.ts';
import { loadClientForWrite, requireGlobalWriter } from './rights.ts';
import { serializeQuestion } from './serialize.ts';

/** A global question is written by admins only; a client question by the client's bank writers. */
async function writable(deps: Pick<Deps, 'db'>, actor: Actor, questionId: string, clientId: string | undefined): Promise<QuestionRow> {
  const before = await questionById(deps.db, actor, questionId, clientId);
  if (before.isGlobal) requireGlobalWriter(actor);
  else await loadClientForWrite(deps, { actor, clientId: before.clientId, key: 'questions' });
  return before;
}

/** PATCH /api/questions/update (a client question names its clientId; a global one does not). */
export const updateQuestion: Operation<typeof r.update, 'db'> = async (deps, input) => {
  const { actor, clientId: _clientId, clientIdSelected: _selected, caller: _caller, upload: _upload, _id, ...changes } = input;
  const before = await writable(deps, actor, _id, namedClient(input));
  const row = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(questions)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(questions.clientId, before.clientId), eq(questions.id, _id)))
      .returning();
    await logActivity(tx, { actor, clientId: before.isGlobal ? null : before.clientId, action: 'update', entity: 'question', entityId: _id, changes });
    return updated;
  });
  return { message: messages.team.questionUpdated, question: serializeQuestion(row) };
};

/** DELETE /api/questions/delete/{questionId}. */
export const deleteQuestion: Operation<typeof r.delete, 'db'> = async (deps, input) => {
  const before = await writable(deps, input.actor, input.questionId, namedClient(input));
  await deps.db.transaction(async (tx) => {
    await tx.delete(questions).where(and(eq(questions.clientId, before.clientId), eq(questions.id, input.questionId)));
    await logActivity(tx, {
      actor: input.actor,
      clientId: before.isGlobal ? null : before.clientId,
      action: 'delete',
      entity: 'question',
      entityId: input.questionId,
      changes: { question: before.question },
    });
  });
  return { message: messages.team.questionDeleted };
};
