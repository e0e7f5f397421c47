import { fontUrl } from '@hh/contract/site-css';
import type { MatrixEntry } from '../../test/matrix-types.ts';
import { SITE_STYLESHEET } from './stylesheet.ts';

/** The career sites' font files and stylesheet: anyone may load them (they are outside /api; listed for completeness). */
export const matrix: MatrixEntry[] = [
  {
    method: 'GET',
    route: '/site-fonts/:file',
    allowed: ['anonymous', 'admin', 'recruiterA', 'staffA', 'recruiterB', 'staffB'],
    request: () => ({ url: fontUrl('Lato') ?? '' }),
  },
  {
    method: 'GET',
    route: '/site-assets/:file',
    allowed: ['anonymous', 'admin', 'recruiterA', 'staffA', 'recruiterB', 'staffB'],
    request: () => ({ url: SITE_STYLESHEET.url }),
  },
];
