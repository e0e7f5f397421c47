import { asc, eq } from 'drizzle-orm';
import { loadAccessibleClient } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { DbOrTx } from '../db/client.ts';
import { clientFormQuestions } from '../db/schema/core.ts';
import type { FormQuestionRow } from './serialize-form-question.ts';

/** The client's questionnaire, ordered by position (get-form-questions and get-questions). */
export async function listFormQuestions(opts: { db: DbOrTx; actor: Actor; clientId: string }): Promise<FormQuestionRow[]> {
  await loadAccessibleClient(opts.db, opts.actor, opts.clientId, 'formQuestions');
  return opts.db
    .select()
    .from(clientFormQuestions)
    .where(eq(clientFormQuestions.clientId, opts.clientId))
    .orderBy(asc(clientFormQuestions.position), asc(clientFormQuestions.createdAt), asc(clientFormQuestions.id));
}
