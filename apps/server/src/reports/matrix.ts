import type { MatrixEntry, MatrixRole } from '../../test/matrix-types.ts';

/** Reports are read by the client's staff: admins, its recruiters and its own users (docs/permissions.md). */
const staffOfA: MatrixRole[] = ['admin', 'recruiterA', 'staffA'];

export const matrix: MatrixEntry[] = [
  { method: 'GET', route: '/api/reports/:metric', allowed: staffOfA, request: (f) => ({ url: `/api/reports/applications?clientId=${f.a.client.id}` }) },
  {
    method: 'GET',
    route: '/api/reports/:metric/applications',
    allowed: staffOfA,
    request: (f) => ({ url: `/api/reports/time-to-hire/applications?clientId=${f.a.client.id}` }),
  },
];
