import type { crmRoutes as r } from '@hh/contract/crm';
import { messages } from '@hh/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import { requireClient } from '../../auth/access.ts';
import type { Actor } from '../../auth/actor.ts';
import type { Operation } from '../../core/operation.ts';
import type { DbOrTx } from '../../db/client.ts';
import { candidateLists } from '../../db/schema/candidates.ts';
import { notFound } from '../../lib/app-error.ts';
import { recordCandidateEvent } from '../events.ts';
import { CANDIDATE_READERS } from '../rights.ts';
import { pgUuidArray } from '../serialize.ts';

type ListRow = {
  id: string;
  client_id: string;
  name: string;
  recruiter_email: string;
  created_at: string;
  updated_at: string;
  ids: string[] | null;
  n: number;
};

const serialize = (r: ListRow) => ({
  _id: r.id,
  clientId: r.client_id,
  name: r.name,
  recruiterEmail: r.recruiter_email,
  candidateIds: (r.ids ?? []).slice(0, 5000),
  totalCount: r.n,
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

async function readLists(db: DbOrTx, clientId: string, filter: { listId?: string; recruiterEmail?: string }) {
  const r = await db.execute<ListRow>(sql`
    SELECT l.id, l.client_id, l.name, l.recruiter_email, l.created_at, l.updated_at,
           (SELECT array_agg(m.candidate_id ORDER BY m.added_at) FROM candidate_list_members m WHERE m.client_id = l.client_id AND m.list_id = l.id) AS ids,
           (SELECT count(*)::int FROM candidate_list_members m WHERE m.client_id = l.client_id AND m.list_id = l.id) AS n
      FROM candidate_lists l
     WHERE l.client_id = ${clientId}
       ${filter.listId ? sql`AND l.id = ${filter.listId}` : sql``}
       ${filter.recruiterEmail ? sql`AND lower(l.recruiter_email) = lower(${filter.recruiterEmail})` : sql``}
     ORDER BY l.updated_at DESC LIMIT 500`);
  return r.rows.map(serialize);
}

/** `GET api/candidates-lists` (clientId, recruiterEmail): the client's saved lists, or one recruiter's. */
export const listCandidateLists: Operation<typeof r.listCandidateLists, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'lists');
  const results = await readLists(deps.db, client.id, { recruiterEmail: input.recruiterEmail });
  return { results, totalCount: results.length };
};

export async function getCandidateList(db: DbOrTx, clientId: string, listId: string) {
  const [l] = await readLists(db, clientId, { listId });
  if (!l) throw notFound('lists', messages.crm.listNotFound);
  return l;
}

async function addMembers(tx: DbOrTx, actor: Actor, clientId: string, listId: string, listName: string, ids: string[]) {
  if (!ids.length) return;
  const ins = await tx.execute<{ candidate_id: string }>(sql`
    INSERT INTO candidate_list_members (client_id, list_id, candidate_id)
    SELECT ${clientId}, ${listId}, c.id FROM candidates c WHERE c.client_id = ${clientId} AND c.id = ANY(${pgUuidArray(ids)}::uuid[])
    ON CONFLICT DO NOTHING RETURNING candidate_id`);
  for (const r of ins.rows)
    await recordCandidateEvent({ db: tx }, { clientId, candidateId: r.candidate_id, actor, type: 'list', data: { listId, name: listName, action: 'added' } });
}

/** `POST api/candidates-lists/create`: a saved list of the signed-in recruiter, with its first candidates. */
export const createCandidateList: Operation<typeof r.createCandidateList, 'db'> = async (deps, input) => {
  const clientId = (await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'lists')).id;
  const { actor } = input;
  const list = await deps.db.transaction(async (tx) => {
    const [l] = await tx.insert(candidateLists).values({ clientId, name: input.name, recruiterEmail: actor.email, createdBy: actor.id }).returning();
    await addMembers(tx, actor, clientId, l.id, l.name, input.candidateIds);
    return getCandidateList(tx, clientId, l.id);
  });
  return { ...list, message: messages.crm.listCreated };
};

/** `PATCH api/candidates-lists/update`: renames a list, adds and removes candidates. */
export const updateCandidateList: Operation<typeof r.updateCandidateList, 'db'> = async (deps, input) => {
  const clientId = (await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'lists')).id;
  const { actor } = input;
  const list = await deps.db.transaction(async (tx) => {
    const [l] = await tx
      .update(candidateLists)
      .set({ ...(input.name ? { name: input.name } : {}), updatedAt: new Date() })
      .where(and(eq(candidateLists.clientId, clientId), eq(candidateLists.id, input._id)))
      .returning();
    if (!l) throw notFound('lists', messages.crm.listNotFound);
    await addMembers(tx, actor, clientId, l.id, l.name, input.addCandidateIds ?? []);
    if (input.removeCandidateIds?.length)
      await tx.execute(
        sql`DELETE FROM candidate_list_members WHERE client_id = ${clientId} AND list_id = ${l.id} AND candidate_id = ANY(${pgUuidArray(input.removeCandidateIds)}::uuid[])`,
      );
    return getCandidateList(tx, clientId, l.id);
  });
  return { ...list, message: messages.crm.listUpdated };
};
