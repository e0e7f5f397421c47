import { messages } from '@hh/contract/messages';
import { DEFAULT_SOURCES } from '@hh/contract/crm';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { responseSources } from '../db/schema/candidates.ts';
import { conflict } from '../lib/app-error.ts';

/** `GET /api/crm/response-sources/{id}`: the client's sources (the defaults are created on first read), with counts. */
export async function listResponseSources(db: Db, clientId: string) {
  await db
    .insert(responseSources)
    .values(DEFAULT_SOURCES.map((name) => ({ clientId, name })))
    .onConflictDoNothing();
  const r = await db.execute<{ id: string; name: string; count: number }>(sql`
    SELECT s.id, s.name, (SELECT count(*)::int FROM candidates c WHERE c.client_id = s.client_id AND c.merged_into IS NULL AND lower(c.source) = lower(s.name)) AS count
      FROM response_sources s WHERE s.client_id = ${clientId} ORDER BY lower(s.name)`);
  return r.rows.map((x) => ({ _id: x.id, clientId, name: x.name, count: x.count }));
}

/** `POST /api/crm/response-sources/create`: "New source added successfuly." (001 §8). */
export async function createResponseSource(db: Db, clientId: string, name: string) {
  const rows = await db.insert(responseSources).values({ clientId, name }).onConflictDoNothing().returning();
  if (!rows[0]) throw conflict('source', messages.crm.sourceExists(name));
  return { _id: rows[0].id, clientId, name: rows[0].name, count: 0 };
}
