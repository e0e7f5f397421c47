import type { RouteObject } from 'react-router';
import { navHandle } from '../../lib/nav.ts';
import { lazyChunk } from '../../lib/reload.ts';

// biome-ignore lint/suspicious/noExplicitAny: a page module's default export is any component
const page = (load: () => Promise<{ default: React.ComponentType<any> }>) => lazyChunk(async () => ({ Component: (await load()).default }));

/** Motivators (core §2 harvest motivator routes). */
export const routes: RouteObject[] = [
  {
    path: 'harvest/motivator',
    lazy: page(() => import('./Motivators.tsx')),
    handle: navHandle({ label: 'Motivators', section: 'career-site', order: 3, product: 'motivator' }),
  },
  {
    path: 'harvest/motivator/motivator-search',
    lazy: page(() => import('./MotivatorSearch.tsx')),
    handle: navHandle({ label: 'Motivator search page', section: 'career-site', order: 4, product: 'motivator' }),
  },
  { path: 'harvest/motivator/:motivatorId', lazy: page(() => import('./MotivatorEdit.tsx')) },
  { path: 'harvest/motivator/:motivatorId/preview/:display?', lazy: page(() => import('./MotivatorPreview.tsx')) },
];
/** `/motivator-search` without a company on the product host (core §2): the user's client's page or a chooser. */
export const guestRoutes: RouteObject[] = [{ path: 'motivator-search', lazy: page(() => import('./MotivatorSearchChooser.tsx')) }];
