import { messages } from '@hh/contract/messages';
import { and, eq, isNull } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import type { DbOrTx } from '../db/client.ts';
import { candidates } from '../db/schema/candidates.ts';
import { notFound } from '../lib/app-error.ts';
import { loadCandidateClient } from './access.ts';
import { type CandidateRow, hydrateCandidates } from './serialize.ts';

/** A candidate row of the client, or 404 (another tenant's id looks missing). */
export async function loadCandidateRow(db: DbOrTx, clientId: string, candidateId: string, key = 'candidates'): Promise<CandidateRow> {
  const [row] = await db
    .select()
    .from(candidates)
    .where(and(eq(candidates.clientId, clientId), eq(candidates.id, candidateId), isNull(candidates.mergedInto)))
    .limit(1);
  if (!row) throw notFound(key, messages.crm.candidateNotFound);
  return row;
}

export async function getCandidate(db: DbOrTx, opts: { actor: Actor; clientId: string; candidateId: string }) {
  await loadCandidateClient(db, opts.actor, opts.clientId);
  const row = await loadCandidateRow(db, opts.clientId, opts.candidateId);
  const [c] = await hydrateCandidates(db, opts.clientId, opts.actor.id, [row]);
  return c;
}
