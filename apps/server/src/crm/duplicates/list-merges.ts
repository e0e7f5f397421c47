import { and, desc, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { candidateMerges } from '../../db/schema/crm-duplicates.ts';
import { loadCandidateClient } from '../access.ts';
import { MERGE_UNDO_HOURS } from '@hh/contract/crm';
import { serializeMerge } from './merge-undo.ts';

/** Merges that can still be undone (the last 24 hours, not undone), newest first; of one candidate when given. */
export async function listMerges(db: Db, opts: { actor: Actor; clientId: string; candidateId?: string }) {
  await loadCandidateClient(db, opts.actor, opts.clientId);
  const where: SQL[] = [
    eq(candidateMerges.clientId, opts.clientId),
    isNull(candidateMerges.undoneAt),
    gt(candidateMerges.createdAt, sql`now() - make_interval(hours => ${MERGE_UNDO_HOURS})`),
  ];
  if (opts.candidateId) where.push(or(eq(candidateMerges.survivorId, opts.candidateId), eq(candidateMerges.mergedId, opts.candidateId)) as SQL);
  const rows = await db
    .select()
    .from(candidateMerges)
    .where(and(...where))
    .orderBy(desc(candidateMerges.createdAt))
    .limit(50);
  return { results: rows.map(serializeMerge), totalCount: rows.length };
}
