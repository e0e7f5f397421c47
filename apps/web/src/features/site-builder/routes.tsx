import type { RouteObject } from 'react-router';
import { navHandle } from '../../lib/nav.ts';
import { lazyChunk } from '../../lib/reload.ts';

// biome-ignore lint/suspicious/noExplicitAny: a page module's default export is any component
const page = (load: () => Promise<{ default: React.ComponentType<any> }>) => lazyChunk(async () => ({ Component: (await load()).default }));

/** Signed-in routes of the career-site editor (core §2 harvest routes). */
export const routes: RouteObject[] = [
  {
    path: 'harvest/editor',
    lazy: page(() => import('./EditorHome.tsx')),
    handle: navHandle({ label: 'Pages and design', section: 'career-site', order: 1, product: 'harvest' }),
  },
  { path: 'harvest/editor/edit/:pageName?', lazy: page(() => import('./Edit.tsx')) },
  { path: 'harvest/editor/preview/:display?/:pageName?', lazy: page(() => import('./Preview.tsx')) },
];
export const guestRoutes: RouteObject[] = [];
