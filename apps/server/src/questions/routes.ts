import { messages } from '@hh/contract/messages';
import { questionRoutes as r } from '@hh/contract/questions';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../plugins/auth.ts';
import { legacyRoute } from '../plugins/route.ts';
import { createQuestion } from './create-question.ts';
import { listQuestions, questionById } from './list-questions.ts';
import { serializeQuestion } from './serialize.ts';
import { deleteQuestion, updateQuestion } from './update-question.ts';

/** The question bank (recruiting spec §7 "Prequalification questions and questions"). */
export default async function questionRoutes(app: FastifyInstance) {
  const db = app.db;

  legacyRoute(app, r.create, async (req) => {
    const row = await createQuestion(db, actorOf(req), req.body);
    return { message: messages.recruiting.questionCreated, question: serializeQuestion(row) };
  });

  legacyRoute(app, r.list, async (req) => {
    const rows = await listQuestions(db, actorOf(req), req.query);
    return { results: rows.map(serializeQuestion), totalCount: rows.length };
  });

  legacyRoute(app, r.update, async (req) => ({
    message: messages.team.questionUpdated,
    question: serializeQuestion(await updateQuestion(db, actorOf(req), req.body)),
  }));

  legacyRoute(app, r.delete, async (req) => {
    await deleteQuestion(db, actorOf(req), req.params.questionId, req.query.clientId);
    return { message: messages.team.questionDeleted };
  });

  // One question by id, or the bank of a client and destination.
  legacyRoute(app, r.getBy, async (req) => {
    const { questionId, clientId, destination } = req.query;
    const rows = questionId ? [await questionById(db, actorOf(req), questionId, clientId)] : await listQuestions(db, actorOf(req), { clientId, destination });
    return { results: rows.map(serializeQuestion), totalCount: rows.length };
  });
}
