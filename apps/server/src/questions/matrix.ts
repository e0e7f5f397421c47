import { randomBytes } from 'node:crypto';
import type { MatrixEntry, MatrixFixture } from '../../test/matrix-types.ts';
import { questions } from '../db/schema/team.ts';

/** The question bank (docs/permissions.md). Requests target tenant A (createTenant's staff edit every product). */
const tenantA = ['admin', 'recruiterA', 'staffA'] as const;
const rand = () => randomBytes(4).toString('hex');

async function questionOfA(f: MatrixFixture) {
  const [q] = await f.app.db
    .insert(questions)
    .values({ clientId: f.a.client.id, destination: 'applyForm', question: `Q ${rand()}` })
    .returning();
  return q;
}

export const matrix: MatrixEntry[] = [
  {
    method: 'POST',
    route: '/api/questions/create',
    allowed: [...tenantA],
    request: (f) => ({ payload: { clientId: f.a.client.id, destination: 'applyForm', question: 'Why us?' } }),
  },
  {
    method: 'GET',
    route: '/api/questions',
    allowed: [...tenantA],
    request: (f) => ({ url: `/api/questions?clientId=${f.a.client.id}&destination=applyForm` }),
  },
  {
    method: 'PATCH',
    route: '/api/questions/update',
    allowed: [...tenantA],
    request: async (f) => ({ payload: { _id: (await questionOfA(f)).id, clientId: f.a.client.id, question: 'Changed?' } }),
  },
  {
    method: 'DELETE',
    route: '/api/questions/delete/:questionId',
    allowed: [...tenantA],
    request: async (f) => ({ url: `/api/questions/delete/${(await questionOfA(f)).id}?clientId=${f.a.client.id}` }),
  },
  {
    method: 'GET',
    route: '/api/questions/get-by',
    allowed: [...tenantA],
    request: async (f) => ({ url: `/api/questions/get-by?questionId=${(await questionOfA(f)).id}&clientId=${f.a.client.id}` }),
  },
];
