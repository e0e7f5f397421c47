import { messages } from '@hh/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Deps } from '../core/deps.ts';
import { searchSynonyms } from '../db/schema/search.ts';
import { notFound } from '../lib/app-error.ts';
import { cleanTerms } from './clean-terms.ts';
import { loadSynonymClient } from './load-synonym-client.ts';
import { forgetSynonyms } from './synonym-index.ts';

export async function updateSynonymGroup(deps: Pick<Deps, 'db'>, input: { actor: Actor; clientId: string; id: string; terms: string[] }) {
  const client = await loadSynonymClient(deps.db, input.actor, input.clientId, true);
  const terms = cleanTerms(input.terms);
  const row = await deps.db.transaction(async (tx) => {
    const [r] = await tx
      .update(searchSynonyms)
      .set({ terms, updatedAt: sql`now()` })
      .where(and(eq(searchSynonyms.clientId, client.id), eq(searchSynonyms.id, input.id)))
      .returning();
    if (!r) throw notFound('searchSynonyms', messages.search.synonymNotFound);
    await logActivity(tx, { actor: input.actor, clientId: client.id, action: 'update', entity: 'searchSynonyms', entityId: r.id, changes: { terms } });
    return r;
  });
  forgetSynonyms(client.id);
  return { _id: row.id, terms: row.terms };
}
