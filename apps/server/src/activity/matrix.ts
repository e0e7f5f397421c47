import type { MatrixEntry } from '../../test/matrix-types.ts';

/** Who may call each activity-log route. Requests target tenant A. */
const tenantA = ['admin', 'recruiterA', 'staffA'] as const;

export const matrix: MatrixEntry[] = [
  { method: 'GET', route: '/api/activity-logs', allowed: [...tenantA], request: (f) => ({ url: `/api/activity-logs?clientId=${f.a.client.id}` }) },
  {
    method: 'POST',
    route: '/api/activity-logs/create',
    allowed: [...tenantA],
    request: (f) => ({ payload: { clientId: f.a.client.id, action: 'view', entity: 'matrix' } }),
  },
];
