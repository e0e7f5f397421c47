import { messages } from '@hh/contract/messages';
import { and, eq, isNull } from 'drizzle-orm';
import type { crmRoutes as r } from '@hh/contract/crm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import type { DbOrTx } from '../db/client.ts';
import { candidates } from '../db/schema/candidates.ts';
import { notFound } from '../lib/app-error.ts';
import { logPrivacy } from './privacy/audit.ts';
import { CANDIDATE_READERS } from './rights.ts';
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

/** `GET api/crm/candidate/{id}`: one candidate; every view is in the candidate's privacy audit. */
export const getCandidate: Operation<typeof r.getCandidate, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'candidates');
  const row = await loadCandidateRow(deps.db, client.id, input.id);
  const [c] = await hydrateCandidates(deps.db, client.id, input.actor.id, [row]);
  await logPrivacy(deps.db, { clientId: client.id, candidateId: c._id, actor: input.actor, action: 'viewed' });
  return c;
};
