import type { MatrixEntry } from '../../test/matrix-types.ts';

/** Career-site API routes (the HTML pages are outside /api and covered by sites.test.ts). */
export const matrix: MatrixEntry[] = [
  {
    method: 'GET',
    route: '/api/published-page-templates/get-favicon/:host',
    allowed: ['anonymous', 'admin', 'recruiterA', 'staffA', 'recruiterB', 'staffB'],
    request: (f) => ({ url: `/api/published-page-templates/get-favicon/${f.a.client.nameSlug}` }),
  },
];
