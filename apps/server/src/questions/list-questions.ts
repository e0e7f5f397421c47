import { messages } from '@hh/contract/messages';
import type { questionRoutes as r } from '@hh/contract/questions';
import { and, asc, eq, or, type SQL } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { Operation } from '../core/operation.ts';
import type { Db } from '../db/client.ts';
import { NIL_UUID } from '../db/schema/core.ts';
import { type QuestionRow, questions } from '../db/schema/team.ts';
import { notFound } from '../lib/app-error.ts';
import { serializeQuestion } from './serialize.ts';

/**
 * The bank for one destination. With a clientId: the client's questions and the global ones
 * (isGlobal=false: the client's only; true: the global only). Without: the global ones.
 */
async function questionsOf(db: Db, actor: Actor, q: { clientId?: string; isGlobal?: boolean; destination?: string }): Promise<QuestionRow[]> {
  const scopes: SQL[] = [];
  if (q.clientId && q.isGlobal !== true) {
    const client = await requireClient({ db }, actor, q.clientId, 'member', 'questions');
    scopes.push(and(eq(questions.clientId, client.id), eq(questions.isGlobal, false)) as SQL);
  }
  if (q.isGlobal !== false || !q.clientId) scopes.push(and(eq(questions.clientId, NIL_UUID), eq(questions.isGlobal, true)) as SQL);
  return db
    .select()
    .from(questions)
    .where(and(or(...scopes), q.destination ? eq(questions.destination, q.destination) : undefined))
    .orderBy(asc(questions.createdAt))
    .limit(1000);
}

/** One question the actor may see: a global one, or one of a client they access. */
export async function questionById(db: Db, actor: Actor, questionId: string, clientId?: string): Promise<QuestionRow> {
  const tenant = clientId ? (await requireClient({ db }, actor, clientId, 'member', 'questions')).id : NIL_UUID;
  const [row] = await db
    .select()
    .from(questions)
    .where(and(eq(questions.clientId, tenant), eq(questions.id, questionId)))
    .limit(1);
  if (!row) throw notFound('questions', messages.team.questionNotFound);
  return row;
}

/** The client the call names itself: without one, the global bank (the portal's selected client does not stand in for it). */
export const namedClient = (input: { clientId: string | undefined; clientIdSelected?: boolean }) => (input.clientIdSelected ? undefined : input.clientId);

/** GET /api/questions. */
export const listQuestions: Operation<typeof r.list, 'db'> = async (deps, input) => {
  const rows = await questionsOf(deps.db, input.actor, { clientId: namedClient(input), isGlobal: input.isGlobal, destination: input.destination });
  return { results: rows.map(serializeQuestion), totalCount: rows.length };
};

/** GET /api/questions/get-by: one question by id, or the bank of a client and destination. */
export const getQuestions: Operation<typeof r.getBy, 'db'> = async (deps, input) => {
  const clientId = namedClient(input);
  const rows = input.questionId
    ? [await questionById(deps.db, input.actor, input.questionId, clientId)]
    : await questionsOf(deps.db, input.actor, { clientId, destination: input.destination });
  return { results: rows.map(serializeQuestion), totalCount: rows.length };
};
