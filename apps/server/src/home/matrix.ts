import type { MatrixEntry } from '../../test/matrix-types.ts';

/** Who may read a client's Home work queue: everyone with rights to that client (docs/permissions.md). */
export const matrix: MatrixEntry[] = [
  {
    method: 'GET',
    route: '/api/home/work-queue',
    allowed: ['admin', 'recruiterA', 'staffA'],
    request: (f) => ({ url: `/api/home/work-queue?clientId=${f.a.client.id}` }),
  },
];
