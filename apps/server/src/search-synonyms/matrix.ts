import type { MatrixEntry, MatrixFixture, MatrixRole } from '../../test/matrix-types.ts';
import { searchSynonyms } from '../db/schema/search.ts';

/** Who may read and change a client's search synonyms: its own people, as for departments. */
const tenantA: MatrixRole[] = ['admin', 'recruiterA', 'staffA'];

async function groupA(f: MatrixFixture) {
  const [g] = await f.app.db
    .insert(searchSynonyms)
    .values({ clientId: f.a.client.id, terms: ['sous chef', 'line cook'] })
    .returning();
  return g;
}

export const matrix: MatrixEntry[] = [
  { method: 'GET', route: '/api/search-synonyms', allowed: tenantA, request: (f) => ({ url: `/api/search-synonyms?clientId=${f.a.client.id}` }) },
  {
    method: 'POST',
    route: '/api/search-synonyms/create',
    allowed: tenantA,
    request: (f) => ({ payload: { clientId: f.a.client.id, terms: ['CDL-A', 'truck driver'] } }),
  },
  {
    method: 'PATCH',
    route: '/api/search-synonyms/update',
    allowed: tenantA,
    request: async (f) => ({ payload: { clientId: f.a.client.id, _id: (await groupA(f)).id, terms: ['sous chef', 'cook'] } }),
  },
  {
    method: 'DELETE',
    route: '/api/search-synonyms/delete',
    allowed: tenantA,
    request: async (f) => ({ url: `/api/search-synonyms/delete?clientId=${f.a.client.id}&id=${(await groupA(f)).id}` }),
  },
];
