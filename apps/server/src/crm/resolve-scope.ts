import { messages } from '@hh/contract/messages';
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { accessibleClientIds } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/client.ts';
import { notFound } from '../lib/app-error.ts';
import { loadCandidateClient } from './access.ts';
import { pgUuidArray } from './serialize.ts';

/**
 * The client of `GET /api/candidates/alerts/{id}` (payload "none", 001 §7): `clientId` in the query
 * or the selected client (X-Client-Id) when given; else `{id}` itself when it is a client the caller
 * may see; else the client of the candidate `{id}` among the clients the caller may see.
 */
export async function resolveAlertScope(db: Db, actor: Actor, req: FastifyRequest, id: string, queryClientId?: string): Promise<string> {
  const h = req.headers['x-client-id'];
  const given = queryClientId ?? (typeof h === 'string' && /^[0-9a-f-]{36}$/i.test(h) ? h : undefined);
  if (given) {
    await loadCandidateClient(db, actor, given, 'alerts');
    return given;
  }
  const scope = await accessibleClientIds(db, actor);
  if (scope === null || scope.includes(id)) {
    const r = scope === null ? await db.execute<{ id: string }>(sql`SELECT id FROM clients WHERE id = ${id}`) : { rows: [{ id }] };
    if (r.rows[0]) {
      await loadCandidateClient(db, actor, id, 'alerts');
      return id;
    }
  }
  const where = scope === null ? sql`true` : sql`client_id = ANY(${pgUuidArray(scope)}::uuid[])`;
  const r = await db.execute<{ client_id: string }>(sql`SELECT client_id FROM candidates WHERE ${where} AND id = ${id} LIMIT 1`);
  if (!r.rows[0]) throw notFound('alerts', messages.crm.candidateNotFound);
  await loadCandidateClient(db, actor, r.rows[0].client_id, 'alerts');
  return r.rows[0].client_id;
}
