import { messages } from '@hh/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { searchSynonymRoutes as r } from '@hh/contract/search-synonyms';
import { requireClient } from '../auth/access.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { searchSynonyms } from '../db/schema/search.ts';
import { notFound } from '../lib/app-error.ts';
import { cleanTerms } from './clean-terms.ts';
import { KEY, SYNONYM_WRITERS } from './rights.ts';
import { forgetSynonyms } from './synonym-index.ts';

export const updateSynonymGroup: Operation<typeof r.update, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, SYNONYM_WRITERS, KEY);
  const terms = cleanTerms(input.terms);
  const row = await deps.db.transaction(async (tx) => {
    const [r] = await tx
      .update(searchSynonyms)
      .set({ terms, updatedAt: sql`now()` })
      .where(and(eq(searchSynonyms.clientId, client.id), eq(searchSynonyms.id, input._id)))
      .returning();
    if (!r) throw notFound('searchSynonyms', messages.search.synonymNotFound);
    await logActivity(tx, { actor: input.actor, clientId: client.id, action: 'update', entity: 'searchSynonyms', entityId: r.id, changes: { terms } });
    return r;
  });
  forgetSynonyms(client.id);
  return { _id: row.id, terms: row.terms };
};
