import type { RouteObject } from 'react-router';
import { navHandle } from '../../lib/nav.ts';
import { lazyChunk } from '../../lib/reload.ts';

// biome-ignore lint/suspicious/noExplicitAny: a page module's default export is any component
const page = (load: () => Promise<{ default: React.ComponentType<any> }>) => lazyChunk(async () => ({ Component: (await load()).default }));

/** Signed-in routes of this feature (children of the portal shell): the media planner and Indeed Apply configuration (core spec §2). */
export const routes: RouteObject[] = [
  {
    path: 'harvest/media/planner',
    lazy: page(() => import('./MediaPlanner.tsx')),
    handle: navHandle({ label: 'Media planner', section: 'campaigns', order: 2, product: 'media' }),
  },
  {
    path: 'harvest/media/indeed-apply/configure',
    lazy: page(() => import('./IndeedApplyConfigure.tsx')),
    handle: navHandle({ label: 'Indeed Apply', section: 'campaigns', order: 3, product: 'media' }),
  },
  {
    path: 'harvest/cultivate/indeed-apply/configure',
    lazy: page(() => import('./IndeedApplyConfigure.tsx')),
    handle: navHandle({ label: 'Indeed Apply', section: 'campaigns', order: 3, product: 'cultivate' }),
  },
];
/** Guest routes of this feature (no sign-in needed), if any. */
export const guestRoutes: RouteObject[] = [];
