import type { searchSynonymRoutes as r } from '@hh/contract/search-synonyms';
import { asc, eq } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { searchSynonyms } from '../db/schema/search.ts';
import { BUILT_IN_SYNONYMS } from './built-in.ts';
import { KEY } from './rights.ts';

/** The client's synonym groups (oldest first) and the built-in ones. */
export const listSynonymGroups: Operation<typeof r.list, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, 'member', KEY);
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
};
