import { fontUrl } from '@hh/contract/site-css';
import type { MatrixEntry } from '../../test/matrix-types.ts';

/** The career sites' font files: anyone may load them (they are outside /api; listed for completeness). */
export const matrix: MatrixEntry[] = [
  {
    method: 'GET',
    route: '/site-fonts/:file',
    allowed: ['anonymous', 'admin', 'recruiterA', 'staffA', 'recruiterB', 'staffB'],
    request: () => ({ url: fontUrl('Lato') ?? '' }),
  },
];
