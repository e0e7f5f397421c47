import type { KeywordsReply, UpdateKeywordsRequest } from '@hh/contract/requisitions';
import type { Actor } from '../auth/actor.ts';
import { logActivity } from '../core/activity-log.ts';
import { requisitionKeywords } from '../db/schema/requisitions.ts';
import { getKeywords, type KeywordDeps, serializeKeywords } from './get-keywords.ts';
import { resolveRequisition } from './resolve-requisition.ts';

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

/** PUT api/crm/requisition/{id}/keywords: replaces the recruiter's keywords (and, when sent, the AI keywords they removed). */
export async function updateKeywords(
  deps: KeywordDeps,
  opts: { actor: Actor; jobId: string; clientHint?: string; input: UpdateKeywordsRequest },
): Promise<KeywordsReply> {
  const { db } = deps;
  const { actor, input } = opts;
  const job = await resolveRequisition(db, actor, opts.jobId, input.clientId ?? opts.clientHint);
  // Make sure the AI keywords exist (the editor shows both lists after saving).
  await getKeywords(deps, { actor, jobId: job.id, clientHint: job.client_id });
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
