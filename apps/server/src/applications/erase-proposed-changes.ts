import { sql } from 'drizzle-orm';
import type { DbDeps, Deps } from '../core/deps.ts';

/**
 * Erasure of a candidate reaches what their applications proposed (candidate_proposed_changes holds
 * a name, a phone, answers, resume text and a stored file): the rows go in the caller's transaction,
 * and the returned storage keys are removed by the caller once it committed (removeProposalFiles).
 */
export async function eraseProposedChanges({ db }: DbDeps, { clientId, candidateId }: { clientId: string; candidateId: string }): Promise<string[]> {
  const gone = await db.execute<{ resume_key: string | null }>(sql`
    DELETE FROM candidate_proposed_changes WHERE client_id = ${clientId} AND candidate_id = ${candidateId} RETURNING resume_key`);
  return gone.rows.map((r) => r.resume_key).filter((k): k is string => !!k);
}

/** Removes the files of erased proposals (after the erasure committed). */
export async function removeProposalFiles(deps: Pick<Deps, 'storage'>, keys: string[]): Promise<void> {
  for (const key of keys) await deps.storage.remove(key);
}
