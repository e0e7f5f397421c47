import type { z } from 'zod';
import type { createQuestionRequest } from '@hh/contract/team';
import { logActivity } from '../core/activity-log.ts';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/client.ts';
import { NIL_UUID } from '../db/schema/core.ts';
import { type QuestionRow, questions } from '../db/schema/team.ts';
import { badRequest } from '../lib/app-error.ts';
import { loadClientForWrite, requireGlobalWriter } from './rights.ts';

/** POST /api/questions/create: a global question (admins) or one in a client's bank. */
export async function createQuestion(db: Db, actor: Actor, input: z.infer<typeof createQuestionRequest>): Promise<QuestionRow> {
  let clientId = NIL_UUID;
  if (input.isGlobal) requireGlobalWriter(actor);
  else {
    if (!input.clientId) throw badRequest('clientId', 'clientId is required for a client question');
    clientId = (await loadClientForWrite(db, actor, input.clientId, 'questions')).id;
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(questions)
      .values({
        clientId,
        isGlobal: input.isGlobal,
        destination: input.destination,
        question: input.question,
        answerType: input.answerType,
        options: input.options,
        required: input.required,
        createdBy: actor.id,
      })
      .returning();
    await logActivity(tx, {
      actor,
      clientId: input.isGlobal ? null : clientId,
      action: 'create',
      entity: 'question',
      entityId: row.id,
      changes: { question: input.question },
    });
    return row;
  });
}
