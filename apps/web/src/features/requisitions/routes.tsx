import type { RouteObject } from 'react-router';
import { navHandle } from '../../lib/nav.ts';
import { lazyChunk } from '../../lib/reload.ts';

// biome-ignore lint/suspicious/noExplicitAny: a page module's default export is any component
const page = (load: () => Promise<{ default: React.ComponentType<any> }>) => lazyChunk(async () => ({ Component: (await load()).default }));

/** Signed-in routes of this feature: requisitions, a requisition's keywords and ranked candidates, resume parsing. */
export const routes: RouteObject[] = [
  {
    path: 'cultivate/requisitions',
    lazy: page(() => import('./Requisitions.tsx')),
    handle: navHandle({ label: 'Requisitions', section: 'jobs', order: 2, product: 'cultivate' }),
  },
  { path: 'cultivate/requisitions/:jobId', lazy: page(() => import('./RequisitionDetail.tsx')) },
];
/** Guest routes of this feature: none. */
export const guestRoutes: RouteObject[] = [];
