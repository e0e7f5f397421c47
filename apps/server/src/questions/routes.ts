import { questionRoutes as r } from '@hh/contract/questions';
import type { FastifyInstance } from 'fastify';
import { route } from '../plugins/route.ts';
import { createQuestion } from './create-question.ts';
import { getQuestions, listQuestions } from './list-questions.ts';
import { deleteQuestion, updateQuestion } from './update-question.ts';

/** The question bank (recruiting spec §7 "Prequalification questions and questions"). */
export default async function questionRoutes(app: FastifyInstance) {
  route(app, r.create, createQuestion);
  route(app, r.list, listQuestions);
  route(app, r.update, updateQuestion);
  route(app, r.delete, deleteQuestion);
  // One question by id, or the bank of a client and destination.
  route(app, r.getBy, getQuestions);
}
