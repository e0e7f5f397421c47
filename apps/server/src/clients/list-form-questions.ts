import type { clientRoutes as r } from '@hh/contract/clients';
import { asc, eq } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { Deps } from '../core/deps.ts';
import type { Operation } from '../core/operation.ts';
import { clientFormQuestions } from '../db/schema/core.ts';
import { serializeFormQuestion } from './serialize-form-question.ts';

/** The client's questionnaire, ordered by position (get-form-questions and get-questions). */
async function questionsOf(deps: Pick<Deps, 'db'>, actor: Actor, clientId: string | undefined) {
  const client = await requireClient(deps, actor, clientId, 'member', 'formQuestions');
  return deps.db
    .select()
    .from(clientFormQuestions)
    .where(eq(clientFormQuestions.clientId, client.id))
    .orderBy(asc(clientFormQuestions.position), asc(clientFormQuestions.createdAt), asc(clientFormQuestions.id));
}

export const listFormQuestions: Operation<typeof r.formQuestions, 'db'> = async (deps, input) => {
  const rows = await questionsOf(deps, input.actor, input.clientId);
  return { results: rows.map(serializeFormQuestion), totalCount: rows.length };
};

/** get-questions: the same questionnaire, each question's id and text only. */
export const listQuestions: Operation<typeof r.questions, 'db'> = async (deps, input) => {
  const rows = await questionsOf(deps, input.actor, input.clientId);
  return { results: rows.map((q) => ({ _id: q.id, question: q.question })), totalCount: rows.length };
};
