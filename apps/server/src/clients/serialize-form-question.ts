import type { z } from 'zod';
import type { formQuestion } from '@hh/contract/clients';
import type { clientFormQuestions } from '../db/schema/core.ts';

export type FormQuestionRow = typeof clientFormQuestions.$inferSelect;

export function serializeFormQuestion(q: FormQuestionRow): z.infer<typeof formQuestion> {
  return {
    _id: q.id,
    clientId: q.clientId,
    question: q.question,
    position: q.position,
    createdAt: q.createdAt.toISOString(),
    updatedAt: q.updatedAt.toISOString(),
  };
}
