import { errorReply } from '@hh/contract/common';
import { messages } from '@hh/contract/messages';
import * as c from '@hh/contract/team';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../plugins/auth.ts';
import { createQuestion } from './create-question.ts';
import { listQuestions, questionById } from './list-questions.ts';
import { serializeQuestion } from './serialize.ts';
import { deleteQuestion, updateQuestion } from './update-question.ts';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply };

/** The question bank (recruiting spec §7 "Prequalification questions and questions"). */
export default async function questionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['questions'];
  const db = app.db;

  app.post('/api/questions/create', { schema: { tags, body: c.createQuestionRequest, response: { 201: c.questionReply, ...errors } } }, async (req, reply) => {
    const row = await createQuestion(db, actorOf(req), req.body);
    return reply.status(201).send({ message: messages.recruiting.questionCreated, question: serializeQuestion(row) });
  });

  app.get('/api/questions', { schema: { tags, querystring: c.questionListQuery, response: { 200: c.questionList, ...errors } } }, async (req) => {
    const rows = await listQuestions(db, actorOf(req), req.query);
    return { results: rows.map(serializeQuestion), totalCount: rows.length };
  });

  app.patch('/api/questions/update', { schema: { tags, body: c.updateQuestionRequest, response: { 200: c.questionReply, ...errors } } }, async (req) => ({
    message: c.teamTexts.questionUpdated,
    question: serializeQuestion(await updateQuestion(db, actorOf(req), req.body)),
  }));

  app.delete(
    '/api/questions/delete/:questionId',
    {
      schema: {
        tags,
        params: c.questionParams,
        querystring: z.object({ clientId: c.question.shape._id.optional() }),
        response: { 200: c.messageOnlyReply, ...errors },
      },
    },
    async (req) => {
      await deleteQuestion(db, actorOf(req), req.params.questionId, req.query.clientId);
      return { message: c.teamTexts.questionDeleted };
    },
  );

  // One question by id, or the bank of a client and destination.
  app.get('/api/questions/get-by', { schema: { tags, querystring: c.questionGetByQuery, response: { 200: c.questionList, ...errors } } }, async (req) => {
    const { questionId, clientId, destination } = req.query;
    const rows = questionId ? [await questionById(db, actorOf(req), questionId, clientId)] : await listQuestions(db, actorOf(req), { clientId, destination });
    return { results: rows.map(serializeQuestion), totalCount: rows.length };
  });
}
