import type { duplicateRoutes as r } from '@hh/contract/crm';
import { messages } from '@hh/contract/messages';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { requireClient } from '../../auth/access.ts';
import type { Operation } from '../../core/operation.ts';
import { candidates } from '../../db/schema/candidates.ts';
import { candidateDuplicateDismissals } from '../../db/schema/crm-duplicates.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { CANDIDATE_READERS } from '../rights.ts';

/** "Not the same person": the pair is no longer offered for merge (kept lower id first). */
export const dismissDuplicate: Operation<typeof r.dismiss, 'db'> = async (deps, opts) => {
  const { actor } = opts;
  const clientId = (await requireClient(deps, actor, opts.clientId, CANDIDATE_READERS, 'candidates')).id;
  const db = deps.db;
  const [a, b] = [...opts.candidateIds].sort();
  if (a === b) throw badRequest('candidateIds', messages.crm.mergeSame);
  const found = await db
    .select({ id: candidates.id })
    .from(candidates)
    .where(and(eq(candidates.clientId, clientId), inArray(candidates.id, [a, b]), isNull(candidates.mergedInto)));
  if (found.length !== 2) throw notFound('candidateIds', messages.crm.candidateNotFound);
  await db.insert(candidateDuplicateDismissals).values({ clientId, candidateA: a, candidateB: b, actorId: actor.id }).onConflictDoNothing();
  return { message: messages.crm.duplicateDismissed };
};
