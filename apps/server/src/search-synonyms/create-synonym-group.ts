import type { searchSynonymRoutes as r } from '@hh/contract/search-synonyms';
import { requireClient } from '../auth/access.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { searchSynonyms } from '../db/schema/search.ts';
import { cleanTerms } from './clean-terms.ts';
import { KEY, SYNONYM_WRITERS } from './rights.ts';
import { forgetSynonyms } from './synonym-index.ts';

export const createSynonymGroup: Operation<typeof r.create, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, SYNONYM_WRITERS, KEY);
  const terms = cleanTerms(input.terms);
  const row = await deps.db.transaction(async (tx) => {
    const [r] = await tx.insert(searchSynonyms).values({ clientId: client.id, terms }).returning();
    await logActivity(tx, { actor: input.actor, clientId: client.id, action: 'create', entity: 'searchSynonyms', entityId: r.id, changes: { terms } });
    return r;
  });
  forgetSynonyms(client.id);
  return { _id: row.id, terms: row.terms };
};
