import type { RouteObject } from 'react-router';
import type { NavItem } from '../../lib/nav.ts';
import { lazyChunk } from '../../lib/reload.ts';

// biome-ignore lint/suspicious/noExplicitAny: a page module's default export is any component
const page = (load: () => Promise<{ default: React.ComponentType<any> }>) => lazyChunk(async () => ({ Component: (await load()).default }));

/** Signed-in routes of the career-site editor (issue 13; core §2 harvest routes). */
export const routes: RouteObject[] = [
  { path: 'harvest/editor', lazy: page(() => import('./EditorHome.tsx')) },
  { path: 'harvest/editor/edit/:pageName?', lazy: page(() => import('./Edit.tsx')) },
  { path: 'harvest/editor/preview/:display?/:pageName?', lazy: page(() => import('./Preview.tsx')) },
];
export const guestRoutes: RouteObject[] = [];
export const nav: NavItem[] = [{ label: 'Career site', to: '/harvest/editor', product: 'harvest' }];
