import { messages } from '@hh/contract/messages';
import type { questionRoutes as r } from '@hh/contract/questions';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { NIL_UUID } from '../db/schema/core.ts';
import { questions } from '../db/schema/team.ts';
import { badRequest } from '../lib/app-error.ts';
import { namedClient } from './list-questions.ts';
import { loadClientForWrite, requireGlobalWriter } from './rights.ts';
import { serializeQuestion } from './serialize.ts';

/** POST /api/questions/create: a global question (admins) or one in a client's bank (the clientId the call names). */
export const createQuestion: Operation<typeof r.create, 'db'> = async (deps, input) => {
  const actor = input.actor;
  let clientId = NIL_UUID;
  if (input.isGlobal) requireGlobalWriter(actor);
  else {
    const named = namedClient(input);
    if (!named) throw badRequest('clientId', 'clientId is required for a client question');
    clientId = (await loadClientForWrite(deps, { actor, clientId: named, key: 'questions' })).id;
  }
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx
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
      entityId: created.id,
      changes: { question: input.question },
    });
    return created;
  });
  return { message: messages.recruiting.questionCreated, question: serializeQuestion(row) };
};
