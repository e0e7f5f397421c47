import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { diff, logActivity } from '../core/activity-log.ts';
import { loadAccessibleClient, requireProductRight } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/client.ts';
import { clientFormQuestions } from '../db/schema/core.ts';
import { notFound } from '../lib/app-error.ts';
import type { FormQuestionRow } from './serialize-form-question.ts';

export async function updateFormQuestion(opts: {
  db: Db;
  actor: Actor;
  clientId: string;
  questionId: string;
  question?: string;
  position?: number;
}): Promise<FormQuestionRow> {
  const { db, actor, clientId, questionId } = opts;
  return db.transaction(async (tx) => {
    await loadAccessibleClient(tx, actor, clientId, 'formQuestions');
    requireProductRight(actor, 'wave', 'editor', 'formQuestions');
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
}
