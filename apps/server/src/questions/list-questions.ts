import { messages } from '@hh/contract/messages';
import { and, asc, eq, or, type SQL } from 'drizzle-orm';
import { loadAccessibleClient } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/client.ts';
import { NIL_UUID } from '../db/schema/core.ts';
import { type QuestionRow, questions } from '../db/schema/team.ts';
import { notFound } from '../lib/app-error.ts';

/**
 * GET /api/questions: the bank for one destination. With a clientId: the client's questions and the
 * global ones (isGlobal=false: the client's only; true: the global only). Without: the global ones.
 */
export async function listQuestions(db: Db, actor: Actor, q: { clientId?: string; isGlobal?: boolean; destination?: string }): Promise<QuestionRow[]> {
  const scopes: SQL[] = [];
  if (q.clientId && q.isGlobal !== true) {
    const client = await loadAccessibleClient(db, actor, q.clientId, 'questions');
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
  const tenant = clientId ? (await loadAccessibleClient(db, actor, clientId, 'questions')).id : NIL_UUID;
  const [row] = await db
    .select()
    .from(questions)
    .where(and(eq(questions.clientId, tenant), eq(questions.id, questionId)))
    .limit(1);
  if (!row) throw notFound('questions', messages.team.questionNotFound);
  return row;
}
