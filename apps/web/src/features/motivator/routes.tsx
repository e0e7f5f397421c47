import type { RouteObject } from 'react-router';
import type { NavItem } from '../../lib/nav.ts';
import { lazyChunk } from '../../lib/reload.ts';

// biome-ignore lint/suspicious/noExplicitAny: a page module's default export is any component
const page = (load: () => Promise<{ default: React.ComponentType<any> }>) => lazyChunk(async () => ({ Component: (await load()).default }));

/** Motivators (issue 13; core §2 harvest motivator routes). */
export const routes: RouteObject[] = [
  { path: 'harvest/motivator', lazy: page(() => import('./Motivators.tsx')) },
  { path: 'harvest/motivator/motivator-search', lazy: page(() => import('./MotivatorSearch.tsx')) },
  { path: 'harvest/motivator/:motivatorId', lazy: page(() => import('./MotivatorEdit.tsx')) },
  { path: 'harvest/motivator/:motivatorId/preview/:display?', lazy: page(() => import('./MotivatorPreview.tsx')) },
];
export const guestRoutes: RouteObject[] = [];
export const nav: NavItem[] = [
  { label: 'Motivators', to: '/harvest/motivator', product: 'motivator' },
  { label: 'Motivator search page', to: '/harvest/motivator/motivator-search', product: 'motivator' },
];
