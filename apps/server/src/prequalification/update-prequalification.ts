import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Tx } from '../db/client.ts';
import { prequalificationQuestions } from '../db/schema/jobs.ts';
import { notFound } from '../lib/app-error.ts';
import { type QuestionInput, serializePrequalification, withIds } from './serialize-prequalification.ts';

export async function updatePrequalification(tx: Tx, opts: { clientId: string; actor: Actor; id: string; questions: QuestionInput[] }) {
  const [row] = await tx
    .update(prequalificationQuestions)
    .set({ questions: withIds(opts.questions), updatedAt: new Date() })
    .where(and(eq(prequalificationQuestions.clientId, opts.clientId), eq(prequalificationQuestions.id, opts.id)))
    .returning();
  if (!row) throw notFound('prequalificationQuestions', messages.jobs.prequalificationNotFound);
  await logActivity(tx, { actor: opts.actor, clientId: opts.clientId, action: 'update', entity: 'prequalificationQuestions', entityId: row.id });
  return { ...serializePrequalification(row), message: messages.recruiting.prequalificationSaved };
}
