import type { RouteObject } from 'react-router';
import { navHandle } from '../../lib/nav.ts';
import { lazyChunk } from '../../lib/reload.ts';

/** The client's job-title synonyms for its career-site search (decision 0601). */
export const routes: RouteObject[] = [
  {
    path: 'harvest/search-synonyms',
    lazy: lazyChunk(async () => ({ Component: (await import('./SearchSynonyms.tsx')).default })),
    handle: navHandle({ label: 'Search synonyms', section: 'jobs', order: 6, product: 'harvest' }),
  },
];
export const guestRoutes: RouteObject[] = [];
