import { messages } from '@hh/contract/messages';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Actor } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { candidates } from '../../db/schema/candidates.ts';
import { candidateDuplicateDismissals } from '../../db/schema/crm-duplicates.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { loadCandidateClient } from '../access.ts';

/** "Not the same person": the pair is no longer offered for merge (kept lower id first). */
export async function dismissDuplicate(db: Db, opts: { actor: Actor; clientId: string; candidateIds: [string, string] }) {
  const { clientId, actor } = opts;
  await loadCandidateClient(db, actor, clientId);
  const [a, b] = [...opts.candidateIds].sort();
  if (a === b) throw badRequest('candidateIds', messages.crm.mergeSame);
  const found = await db
    .select({ id: candidates.id })
    .from(candidates)
    .where(and(eq(candidates.clientId, clientId), inArray(candidates.id, [a, b]), isNull(candidates.mergedInto)));
  if (found.length !== 2) throw notFound('candidateIds', messages.crm.candidateNotFound);
  await db.insert(candidateDuplicateDismissals).values({ clientId, candidateA: a, candidateB: b, actorId: actor.id }).onConflictDoNothing();
  return { message: messages.crm.duplicateDismissed };
}
