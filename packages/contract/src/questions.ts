import { z } from 'zod';
import { defineRoute } from './route.ts';
import {
  createQuestionRequest,
  messageOnlyReply,
  question,
  questionGetByQuery,
  questionList,
  questionListQuery,
  questionParams,
  questionReply,
  updateQuestionRequest,
} from './team.ts';

/** DELETE a question: a client question names its client; a global one has none. */
export const deleteQuestionQuery = z.object({ clientId: question.shape._id.optional() });

const tags = ['questions'] as const;
const errors = [400, 401, 403, 404] as const;
/** The question bank (recruiting spec §7 "Prequalification questions and questions"); its schemas are in team.ts. */
export const questionRoutes = {
  create: defineRoute({ method: 'POST', path: '/api/questions/create', body: createQuestionRequest, status: 201, reply: questionReply, errors, tags }),
  list: defineRoute({ method: 'GET', path: '/api/questions', query: questionListQuery, status: 200, reply: questionList, errors, tags }),
  update: defineRoute({ method: 'PATCH', path: '/api/questions/update', body: updateQuestionRequest, status: 200, reply: questionReply, errors, tags }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/api/questions/delete/:questionId',
    params: questionParams,
    query: deleteQuestionQuery,
    status: 200,
    reply: messageOnlyReply,
    errors,
    tags,
  }),
  // One question by id, or the bank of a client and destination.
  getBy: defineRoute({ method: 'GET', path: '/api/questions/get-by', query: questionGetByQuery, status: 200, reply: questionList, errors, tags }),
};
