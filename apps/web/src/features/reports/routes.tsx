import type { RouteObject } from 'react-router';
import { navHandle } from '../../lib/nav.ts';
import { lazyChunk } from '../../lib/reload.ts';

// biome-ignore lint/suspicious/noExplicitAny: a page module's default export is any component
const page = (load: () => Promise<{ default: React.ComponentType<any> }>) => lazyChunk(async () => ({ Component: (await load()).default }));

/** `/reports`: the hiring reports (funnel per job, time to hire, source of hire, offer acceptance). */
export const routes: RouteObject[] = [
  {
    path: 'reports',
    lazy: page(() => import('./ReportsPage.tsx')),
    handle: navHandle({ label: 'Hiring reports', section: 'reports', order: 1, product: 'harvest' }),
  },
];
export const guestRoutes: RouteObject[] = [];
