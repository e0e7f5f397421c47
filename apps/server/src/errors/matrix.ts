import type { MatrixEntry } from '../../test/matrix-types.ts';

export const matrix: MatrixEntry[] = [
  {
    method: 'GET',
    route: '/api/errors',
    allowed: ['anonymous', 'admin', 'recruiterA', 'staffA', 'recruiterB', 'staffB'],
    note: 'Public: the catalogue of texts holds no data.',
    request: () => ({ url: '/api/errors' }),
  },
];
