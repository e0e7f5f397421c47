import { z } from 'zod';
import { id, isoDate, paged, queryBool } from './common.ts';
import { defineRoute } from './route.ts';
import { messageOnlyReply } from './shared.ts';

// Question bank (recruiting spec §7): global (admins) or client-scoped, with a destination.
export const questionDestinations = ['applyForm', 'waveQuestionnaire', 'prequalification', 'indeedScreener'] as const;
export const questionDestination = z.enum(questionDestinations);
export const answerType = z.enum(['text', 'textarea', 'yesNo', 'singleChoice', 'multipleChoice', 'number', 'date']);
export type QuestionDestination = z.infer<typeof questionDestination>;
export type AnswerType = z.infer<typeof answerType>;
/** How the portal names destinations and answer types. */
export const questionDestinationLabels: Record<QuestionDestination, string> = {
  applyForm: 'Apply form',
  waveQuestionnaire: 'Wave questionnaire',
  prequalification: 'Prequalification',
  indeedScreener: 'Indeed screener',
};
export const answerTypeLabels: Record<AnswerType, string> = {
  text: 'Short text',
  textarea: 'Long text',
  yesNo: 'Yes / No',
  singleChoice: 'One of several answers',
  multipleChoice: 'Several answers',
  number: 'Number',
  date: 'Date',
};
export const question = z.object({
  _id: id,
  clientId: id.nullable(),
  isGlobal: z.boolean(),
  destination: questionDestination,
  question: z.string(),
  answerType,
  options: z.array(z.string()),
  required: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Question = z.infer<typeof question>;
const questionFields = {
  destination: questionDestination,
  question: z.string().trim().min(1).max(1000),
  answerType: answerType.default('text'),
  options: z.array(z.string().trim().min(1).max(300)).max(50).default([]),
  required: z.boolean().default(false),
};
export const createQuestionRequest = z.object({ clientId: id.optional(), isGlobal: z.boolean().default(false), ...questionFields });
export const updateQuestionRequest = z.object({
  _id: id,
  clientId: id.optional(),
  destination: questionDestination.optional(),
  question: questionFields.question.optional(),
  answerType: answerType.optional(),
  options: questionFields.options.unwrap().optional(),
  required: z.boolean().optional(),
});
export const questionListQuery = z.object({
  clientId: id.optional(),
  isGlobal: queryBool.optional(),
  destination: questionDestination.optional(),
});
export const questionGetByQuery = z.object({ questionId: id.optional(), clientId: id.optional(), destination: questionDestination.optional() });
export const questionParams = z.object({ questionId: id });
export const questionReply = z.object({ message: z.string(), question });
export const questionList = paged(question);

/** DELETE a question: a client question names its client; a global one has none. */
export const deleteQuestionQuery = z.object({ clientId: question.shape._id.optional() });

const tags = ['questions'] as const;
const errors = [400, 401, 403, 404] as const;
/** The question bank (recruiting spec §7 "Prequalification questions and questions"). */
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
