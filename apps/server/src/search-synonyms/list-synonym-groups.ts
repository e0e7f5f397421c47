import { asc, eq } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import type { Deps } from '../core/deps.ts';
import { searchSynonyms } from '../db/schema/search.ts';
import { BUILT_IN_SYNONYMS } from './built-in.ts';
import { loadSynonymClient } from './load-synonym-client.ts';

/** The client's synonym groups (oldest first) and the built-in ones. */
export async function listSynonymGroups(deps: Pick<Deps, 'db'>, input: { actor: Actor; clientId: string }) {
  const client = await loadSynonymClient(deps.db, input.actor, input.clientId, false);
  const rows = await deps.db
    .select()
    .from(searchSynonyms)
    .where(eq(searchSynonyms.clientId, client.id))
    .orderBy(asc(searchSynonyms.createdAt), asc(searchSynonyms.id));
  return {
    results: rows.map((r) => ({ _id: r.id, terms: r.terms })),
    totalCount: rows.length,
    builtIn: BUILT_IN_SYNONYMS.map((g) => [...g]),
  };
}
