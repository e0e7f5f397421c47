import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Tx } from '../db/client.ts';
import { prequalificationQuestions } from '../db/schema/jobs.ts';
import { notFound } from '../lib/app-error.ts';

export async function deletePrequalification(tx: Tx, opts: { clientId: string; actor: Actor; id: string }) {
  const [row] = await tx
    .delete(prequalificationQuestions)
    .where(and(eq(prequalificationQuestions.clientId, opts.clientId), eq(prequalificationQuestions.id, opts.id)))
    .returning();
  if (!row) throw notFound('prequalificationQuestions', messages.jobs.prequalificationNotFound);
  await logActivity(tx, { actor: opts.actor, clientId: opts.clientId, action: 'delete', entity: 'prequalificationQuestions', entityId: row.id });
}
