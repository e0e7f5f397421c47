import type { MatrixEntry, MatrixRole } from '../../test/matrix-types.ts';

/** Who may call the dashboard and analytics routes. */
const tenantA: MatrixRole[] = ['admin', 'recruiterA', 'staffA'];

export const matrix: MatrixEntry[] = [
  { method: 'GET', route: '/api/jobs/dashboard', allowed: tenantA, request: (f) => ({ url: `/api/jobs/dashboard?clientId=${f.a.client.id}` }) },
  { method: 'POST', route: '/api/analytics', allowed: tenantA, request: (f) => ({ payload: { clientId: f.a.client.id, days: 7 } }) },
];
