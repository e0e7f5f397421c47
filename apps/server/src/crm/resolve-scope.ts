import { messages } from '@hh/contract/messages';
import { sql } from 'drizzle-orm';
import { accessibleClientIds, requireClient } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/client.ts';
import { notFound } from '../lib/app-error.ts';
import { CANDIDATE_READERS } from './rights.ts';
import { pgUuidArray } from './serialize.ts';

/**
 * The client of `GET /api/candidates/alerts/{id}` (payload "none", 001 §7): the client the call names
 * (`clientId` in the query or the selected client, X-Client-Id) when given; else `{id}` itself when it is a client the caller
 * may see; else the client of the candidate `{id}` among the clients the caller may see.
 */
export async function resolveAlertScope(db: Db, actor: Actor, id: string, given: string | undefined): Promise<string> {
  const check = (clientId: string) => requireClient({ db }, actor, clientId, CANDIDATE_READERS, 'alerts');
  if (given) {
    await check(given);
    return given;
  }
  const scope = await accessibleClientIds(db, actor);
  if (scope === null || scope.includes(id)) {
    const r = scope === null ? await db.execute<{ id: string }>(sql`SELECT id FROM clients WHERE id = ${id}`) : { rows: [{ id }] };
    if (r.rows[0]) {
      await check(id);
      return id;
    }
  }
  const where = scope === null ? sql`true` : sql`client_id = ANY(${pgUuidArray(scope)}::uuid[])`;
  const r = await db.execute<{ client_id: string }>(sql`SELECT client_id FROM candidates WHERE ${where} AND id = ${id} LIMIT 1`);
  if (!r.rows[0]) throw notFound('alerts', messages.crm.candidateNotFound);
  await check(r.rows[0].client_id);
  return r.rows[0].client_id;
}
