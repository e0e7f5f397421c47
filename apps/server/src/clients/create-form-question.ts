import { sql } from 'drizzle-orm';
import { logActivity } from '../core/activity-log.ts';
import type { clientRoutes as r } from '@hh/contract/clients';
import { type Need, requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { clientFormQuestions } from '../db/schema/core.ts';
import { serializeFormQuestion } from './serialize-form-question.ts';

/** Wave questionnaire writers: admin, recruiter on the client, staff with wave editor or more. */
export const FORM_QUESTION_WRITERS: Need = { product: 'wave', level: 'editor' };

/** Adds a wave questionnaire question. Writers: admin, recruiter on the client, staff with wave editor or more. */
export const createFormQuestion: Operation<typeof r.createFormQuestion, 'db'> = async (deps, opts) => {
  const { actor } = opts;
  const created = await deps.db.transaction(async (tx) => {
    const { id: clientId } = await requireClient({ db: tx }, actor, opts.clientId, FORM_QUESTION_WRITERS, 'formQuestions');
    // Without a position the question goes last.
    const position =
      opts.position ??
      (
        await tx
          .select({ next: sql<number>`coalesce(max(${clientFormQuestions.position}) + 1, 0)::int` })
          .from(clientFormQuestions)
          .where(sql`${clientFormQuestions.clientId} = ${clientId}`)
      )[0].next;
    const [row] = await tx.insert(clientFormQuestions).values({ clientId, question: opts.question, position }).returning();
    await logActivity(tx, {
      actor,
      clientId,
      action: 'create',
      entity: 'formQuestion',
      entityId: row.id,
      changes: { question: { from: null, to: row.question }, position: { from: null, to: position } },
    });
    return row;
  });
  return serializeFormQuestion(created);
};
