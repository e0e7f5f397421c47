import { randomBytes } from 'node:crypto';
import type { MatrixEntry } from '../../test/matrix-types.ts';
import { createUser } from '../../test/helpers.ts';

/** Who may call each user route (docs/permissions.md). Requests target tenant A. */
const signedIn = ['admin', 'recruiterA', 'staffA', 'recruiterB', 'staffB'] as const;
const tenantA = ['admin', 'recruiterA', 'staffA'] as const;
const managersA = ['admin', 'recruiterA'] as const;

export const matrix: MatrixEntry[] = [
  { method: 'GET', route: '/api/user/list', allowed: [...tenantA], request: (f) => ({ url: `/api/user/list?companyInfo=${f.a.client.id}` }) },
  { method: 'GET', route: '/api/user/list/', allowed: [...tenantA], request: (f) => ({ url: `/api/user/list/?companyInfo=${f.a.client.id}` }) },
  {
    method: 'GET',
    route: '/api/users/list',
    allowed: [...signedIn],
    note: 'Each caller sees only the users in their scope.',
    request: (f) => ({ url: `/api/users/list?createdBy=${f.a.recruiter.id}` }),
  },
  { method: 'GET', route: '/api/user', allowed: [...tenantA], request: (f) => ({ url: `/api/user?userId=${f.a.staff.id}` }) },
  {
    method: 'POST',
    route: '/api/user/create',
    allowed: [...managersA],
    request: (f) => ({
      payload: { email: `matrix-${randomBytes(4).toString('hex')}@test.example`, password: 'matrix-password-1', company: { companyInfo: f.a.client.id } },
    }),
  },
  {
    method: 'PATCH',
    route: '/api/user/update',
    allowed: [...managersA],
    note: "A colleague of staffA: staff may update only themselves (403); tenant B can't see them (404).",
    request: async (f) => ({ payload: { _id: (await createUser(f.app, { clientId: f.a.client.id })).id, department: 'Matrix' } }),
  },
  { method: 'GET', route: '/api/outbox', allowed: ['admin'], request: () => ({}) },
];
