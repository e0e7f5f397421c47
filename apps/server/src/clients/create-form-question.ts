import { sql } from 'drizzle-orm';
import { logActivity } from '../core/activity-log.ts';
import { loadAccessibleClient, requireProductRight } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/client.ts';
import { clientFormQuestions } from '../db/schema/core.ts';
import type { FormQuestionRow } from './serialize-form-question.ts';

/** Adds a wave questionnaire question. Writers: admin, recruiter on the client, staff with wave editor or more. */
export async function createFormQuestion(opts: { db: Db; actor: Actor; clientId: string; question: string; position?: number }): Promise<FormQuestionRow> {
  const { db, actor, clientId } = opts;
  return db.transaction(async (tx) => {
    await loadAccessibleClient(tx, actor, clientId, 'formQuestions');
    requireProductRight(actor, 'wave', 'editor', 'formQuestions');
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
}
