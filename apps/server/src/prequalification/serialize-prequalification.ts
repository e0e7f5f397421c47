import { randomBytes } from 'node:crypto';
import type { PrequalificationQuestion, prequalificationQuestions } from '../db/schema/jobs.ts';

type Row = typeof prequalificationQuestions.$inferSelect;
export type QuestionInput = { id?: string; question: string; type: 'yesno' | 'text' | 'select'; options: string[]; required: boolean };

export const serializePrequalification = (r: Row) => ({
  _id: r.id,
  clientId: r.clientId,
  jobId: r.jobId,
  departmentId: r.departmentId,
  questions: r.questions,
  updatedAt: r.updatedAt.toISOString(),
});

/** Each question with its id (a new one gets a random id); options only for a select. */
export const withIds = (qs: QuestionInput[]): PrequalificationQuestion[] =>
  qs.map((q) => ({
    id: q.id ?? randomBytes(6).toString('hex'),
    question: q.question,
    type: q.type,
    options: q.type === 'select' ? q.options : [],
    required: q.required,
  }));
