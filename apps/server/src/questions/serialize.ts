import type { Question } from '@hh/contract/questions';
import type { QuestionRow } from '../db/schema/team.ts';

export function serializeQuestion(r: QuestionRow): Question {
  return {
    _id: r.id,
    clientId: r.isGlobal ? null : r.clientId,
    isGlobal: r.isGlobal,
    destination: r.destination as Question['destination'],
    question: r.question,
    answerType: r.answerType as Question['answerType'],
    options: r.options,
    required: r.required,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
