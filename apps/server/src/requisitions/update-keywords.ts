import { messages } from '@hh/contract/messages';
import type { requisitionRoutes as r } from '@hh/contract/requisitions';
import { requireRight } from '../auth/access.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { requisitionKeywords } from '../db/schema/requisitions.ts';
import { AppError } from '../lib/app-error.ts';
import { keywordsOf, serializeKeywords } from './get-keywords.ts';
import { resolveRequisition } from './resolve-requisition.ts';
import { keywordsFailure, REQUISITION_EDITORS } from './rights.ts';

/** Trimmed, single-spaced, without case-insensitive duplicates, in the recruiter's order. */
function tidy(list: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const k of list) {
    const t = k.replace(/\s+/g, ' ').trim();
    if (t && !seen.has(t.toLowerCase())) {
      seen.add(t.toLowerCase());
      out.push(t);
    }
  }
  return out;
}

/**
 * PUT api/crm/requisition/{id}/keywords: replaces the recruiter's keywords (and, when sent, the AI
 * keywords they removed). Failures carry the spec's message (001 §8).
 */
export const updateKeywords: Operation<typeof r.updateKeywords, 'db'> = async (deps, input) => {
  try {
    if (input.caller.validationError) throw new AppError(400, 'userKeywords', input.caller.validationError);
    requireRight(input.actor, REQUISITION_EDITORS, 'requisition');
    return await saveKeywords(deps, input);
  } catch (err) {
    return keywordsFailure(err, messages.requisitions.keywordsUpdateError);
  }
};

async function saveKeywords(deps: Parameters<typeof updateKeywords>[0], input: Parameters<typeof updateKeywords>[1]) {
  const { db } = deps;
  const { actor } = input;
  const job = await resolveRequisition(db, actor, input.id, input.clientId);
  // Make sure the AI keywords exist (the editor shows both lists after saving).
  await keywordsOf(deps, { actor, jobId: job.id, clientHint: job.client_id });
  const userKeywords = tidy(input.userKeywords);
  const set: Partial<typeof requisitionKeywords.$inferInsert> = { userKeywords, updatedBy: actor.id, updatedAt: new Date() };
  if (input.removedAiKeywords) set.removedAiKeywords = tidy(input.removedAiKeywords);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(requisitionKeywords)
      .values({ clientId: job.client_id, jobId: job.id, ...set })
      .onConflictDoUpdate({ target: [requisitionKeywords.clientId, requisitionKeywords.jobId], set })
      .returning();
    await logActivity(tx, {
      actor,
      clientId: job.client_id,
      action: 'update',
      entity: 'requisition_keywords',
      entityId: job.id,
      changes: { userKeywords, ...(set.removedAiKeywords ? { removedAiKeywords: set.removedAiKeywords } : {}) },
    });
    return serializeKeywords(row, job.title);
  });
}
