import { randomBytes } from 'node:crypto';
import type { MatrixEntry, MatrixFixture, MatrixRole } from '../../test/matrix-types.ts';
import { departments, jobCategories } from '../db/schema/jobs.ts';

/** Who may call each department and category route. */
const tenantA: MatrixRole[] = ['admin', 'recruiterA', 'staffA'];
const uid = () => randomBytes(4).toString('hex');

async function departmentA(f: MatrixFixture) {
  const [d] = await f.app.db
    .insert(departments)
    .values({ clientId: f.a.client.id, name: `Dept ${uid()}` })
    .returning();
  return d;
}
async function categoryA(f: MatrixFixture) {
  const [c] = await f.app.db
    .insert(jobCategories)
    .values({ clientId: f.a.client.id, name: `Cat ${uid()}` })
    .returning();
  return c;
}

export const matrix: MatrixEntry[] = [
  // Departments and categories
  { method: 'GET', route: '/api/departments', allowed: tenantA, request: (f) => ({ url: `/api/departments?clientId=${f.a.client.id}` }) },
  {
    method: 'GET',
    route: '/api/departments/get-by-client-id',
    allowed: tenantA,
    request: (f) => ({ url: `/api/departments/get-by-client-id?clientId=${f.a.client.id}` }),
  },
  {
    method: 'GET',
    route: '/api/departments/get-by-category-ids',
    allowed: tenantA,
    request: async (f) => ({ url: `/api/departments/get-by-category-ids?clientId=${f.a.client.id}&categoryIds=${(await categoryA(f)).id}` }),
  },
  {
    method: 'GET',
    route: '/api/departments/get-by-ids',
    allowed: tenantA,
    request: async (f) => ({ url: `/api/departments/get-by-ids?clientId=${f.a.client.id}&departmentIds=${(await departmentA(f)).id}` }),
  },
  { method: 'POST', route: '/api/departments/create', allowed: tenantA, request: (f) => ({ payload: { clientId: f.a.client.id, name: `New ${uid()}` } }) },
  {
    method: 'PATCH',
    route: '/api/departments/update',
    allowed: tenantA,
    request: async (f) => ({ payload: { clientId: f.a.client.id, _id: (await departmentA(f)).id, name: `Renamed ${uid()}` } }),
  },
  {
    method: 'DELETE',
    route: '/api/departments/delete',
    allowed: tenantA,
    request: async (f) => ({ url: `/api/departments/delete?clientId=${f.a.client.id}&departmentId=${(await departmentA(f)).id}` }),
  },
  {
    method: 'GET',
    route: '/api/departments/get-associated-categories',
    allowed: tenantA,
    request: (f) => ({ url: `/api/departments/get-associated-categories?clientId=${f.a.client.id}` }),
  },
  { method: 'GET', route: '/api/categories', allowed: tenantA, request: (f) => ({ url: `/api/categories?clientId=${f.a.client.id}` }) },
  { method: 'POST', route: '/api/categories/save', allowed: tenantA, request: (f) => ({ payload: { clientId: f.a.client.id, name: `Cat ${uid()}` } }) },
  {
    method: 'DELETE',
    route: '/api/categories/delete',
    allowed: tenantA,
    request: async (f) => ({ url: `/api/categories/delete?clientId=${f.a.client.id}&id=${(await categoryA(f)).id}` }),
  },
];
