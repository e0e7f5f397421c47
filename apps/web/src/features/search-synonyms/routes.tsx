import type { RouteObject } from 'react-router';
import type { NavItem } from '../../lib/nav.ts';
import { lazyChunk } from '../../lib/reload.ts';

/** The client's job-title synonyms for its career-site search (decision 0601). */
export const routes: RouteObject[] = [
  { path: 'harvest/search-synonyms', lazy: lazyChunk(async () => ({ Component: (await import('./SearchSynonyms.tsx')).default })) },
];
export const guestRoutes: RouteObject[] = [];
export const nav: NavItem[] = [{ label: 'Search synonyms', to: '/harvest/search-synonyms', product: 'harvest' }];
