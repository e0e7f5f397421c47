import { MERGE_UNDO_HOURS, type duplicateRoutes as r } from '@hh/contract/crm';
import { and, desc, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import { requireClient } from '../../auth/access.ts';
import type { Operation } from '../../core/operation.ts';
import { candidateMerges } from '../../db/schema/crm-duplicates.ts';
import { CANDIDATE_READERS } from '../rights.ts';
import { serializeMerge } from './merge-undo.ts';

/** Merges that can still be undone (the last 24 hours, not undone), newest first; of one candidate when given. */
export const listMerges: Operation<typeof r.listMerges, 'db'> = async (deps, opts) => {
  const clientId = (await requireClient(deps, opts.actor, opts.clientId, CANDIDATE_READERS, 'candidates')).id;
  const where: SQL[] = [
    eq(candidateMerges.clientId, clientId),
    isNull(candidateMerges.undoneAt),
    gt(candidateMerges.createdAt, sql`now() - make_interval(hours => ${MERGE_UNDO_HOURS})`),
  ];
  if (opts.candidateId) where.push(or(eq(candidateMerges.survivorId, opts.candidateId), eq(candidateMerges.mergedId, opts.candidateId)) as SQL);
  const rows = await deps.db
    .select()
    .from(candidateMerges)
    .where(and(...where))
    .orderBy(desc(candidateMerges.createdAt))
    .limit(50);
  return { results: rows.map(serializeMerge), totalCount: rows.length };
};
