import { messages } from '@hh/contract/messages';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { candidateTags } from '../db/schema/candidates.ts';
import { conflict } from '../lib/app-error.ts';

const serialize = (r: { id: string; client_id: string; name: string; color: string | null; count: number }) => ({
  _id: r.id,
  clientId: r.client_id,
  name: r.name,
  color: r.color,
  count: r.count,
});

/** `GET /api/crm/candidates-tags/{id}`: the client's tags with how many candidates carry each. */
export async function listTags(db: Db, clientId: string) {
  const r = await db.execute<{ id: string; client_id: string; name: string; color: string | null; count: number }>(sql`
    SELECT t.id, t.client_id, t.name, t.color,
           (SELECT count(*)::int FROM candidates c WHERE c.client_id = t.client_id AND c.merged_into IS NULL AND t.name = ANY(c.tags)) AS count
      FROM candidate_tags t WHERE t.client_id = ${clientId} ORDER BY lower(t.name)`);
  return r.rows.map(serialize);
}

/** `POST /api/crm/candidates-tags/create`. */
export async function createTag(db: Db, clientId: string, name: string, color?: string | null) {
  const rows = await db
    .insert(candidateTags)
    .values({ clientId, name, color: color ?? null })
    .onConflictDoNothing()
    .returning();
  if (!rows[0]) throw conflict('tags', messages.crm.tagExists(name));
  return serialize({ id: rows[0].id, client_id: clientId, name: rows[0].name, color: rows[0].color, count: 0 });
}
