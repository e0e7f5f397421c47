import { DEFAULT_SOURCES, type crmRoutes as r } from '@hh/contract/crm';
import { messages } from '@hh/contract/messages';
import { sql } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { responseSources } from '../db/schema/candidates.ts';
import { conflict } from '../lib/app-error.ts';
import { CANDIDATE_READERS } from './rights.ts';

/** `GET /api/crm/response-sources/{id}` (`{id}` is the client's): the client's sources (the defaults are created on first read), with counts. */
export const listResponseSources: Operation<typeof r.listResponseSources, 'db'> = async (deps, input) => {
  const clientId = (await requireClient(deps, input.actor, input.id, CANDIDATE_READERS, 'source')).id;
  await deps.db
    .insert(responseSources)
    .values(DEFAULT_SOURCES.map((name) => ({ clientId, name })))
    .onConflictDoNothing();
  const found = await deps.db.execute<{ id: string; name: string; count: number }>(sql`
    SELECT s.id, s.name, (SELECT count(*)::int FROM candidates c WHERE c.client_id = s.client_id AND c.merged_into IS NULL AND lower(c.source) = lower(s.name)) AS count
      FROM response_sources s WHERE s.client_id = ${clientId} ORDER BY lower(s.name)`);
  const results = found.rows.map((x) => ({ _id: x.id, clientId, name: x.name, count: x.count }));
  return { results, totalCount: results.length };
};

/** `POST /api/crm/response-sources/create`: "New source added successfuly." (001 §8). */
export const createResponseSource: Operation<typeof r.createResponseSource, 'db'> = async (deps, input) => {
  const clientId = (await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'source')).id;
  const rows = await deps.db.insert(responseSources).values({ clientId, name: input.name }).onConflictDoNothing().returning();
  if (!rows[0]) throw conflict('source', messages.crm.sourceExists(input.name));
  return { _id: rows[0].id, clientId, name: rows[0].name, count: 0, message: messages.recruiting.sourceAdded };
};
