import type { crmRoutes as r } from '@hh/contract/crm';
import { messages } from '@hh/contract/messages';
import { sql } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { candidateTags } from '../db/schema/candidates.ts';
import { conflict } from '../lib/app-error.ts';
import { CANDIDATE_READERS } from './rights.ts';

const serialize = (r: { id: string; client_id: string; name: string; color: string | null; count: number }) => ({
  _id: r.id,
  clientId: r.client_id,
  name: r.name,
  color: r.color,
  count: r.count,
});

/** `GET /api/crm/candidates-tags/{id}` (`{id}` is the client's): the client's tags with how many candidates carry each. */
export const listTags: Operation<typeof r.listTags, 'db'> = async (deps, input) => {
  const clientId = (await requireClient(deps, input.actor, input.id, CANDIDATE_READERS, 'tags')).id;
  const found = await deps.db.execute<{ id: string; client_id: string; name: string; color: string | null; count: number }>(sql`
    SELECT t.id, t.client_id, t.name, t.color,
           (SELECT count(*)::int FROM candidates c WHERE c.client_id = t.client_id AND c.merged_into IS NULL AND t.name = ANY(c.tags)) AS count
      FROM candidate_tags t WHERE t.client_id = ${clientId} ORDER BY lower(t.name)`);
  const results = found.rows.map(serialize);
  return { results, totalCount: results.length };
};

/** `POST /api/crm/candidates-tags/create`. */
export const createTag: Operation<typeof r.createTag, 'db'> = async (deps, input) => {
  const clientId = (await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'tags')).id;
  const { name, color } = input;
  const rows = await deps.db
    .insert(candidateTags)
    .values({ clientId, name, color: color ?? null })
    .onConflictDoNothing()
    .returning();
  if (!rows[0]) throw conflict('tags', messages.crm.tagExists(name));
  return { ...serialize({ id: rows[0].id, client_id: clientId, name: rows[0].name, color: rows[0].color, count: 0 }), message: messages.crm.tagCreated };
};
