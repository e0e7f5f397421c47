import type { RouteObject } from 'react-router';
import type { NavItem } from '../../lib/nav.ts';
import { lazyChunk } from '../../lib/reload.ts';

// biome-ignore lint/suspicious/noExplicitAny: a page module's default export is any component
const page = (load: () => Promise<{ default: React.ComponentType<any> }>) => lazyChunk(async () => ({ Component: (await load()).default }));

/** Signed-in routes of this feature (children of the portal shell): the media planner and Indeed Apply configuration (core spec §2). */
export const routes: RouteObject[] = [
  { path: 'harvest/media/planner', lazy: page(() => import('./MediaPlanner.tsx')) },
  { path: 'harvest/media/indeed-apply/configure', lazy: page(() => import('./IndeedApplyConfigure.tsx')) },
  { path: 'harvest/cultivate/indeed-apply/configure', lazy: page(() => import('./IndeedApplyConfigure.tsx')) },
];
/** Guest routes of this feature (no sign-in needed), if any. */
export const guestRoutes: RouteObject[] = [];
/** Navbar links, shown under their product area when the selected client subscribes to it. */
export const nav: NavItem[] = [
  { label: 'Media planner', to: '/harvest/media/planner', product: 'media' },
  { label: 'Indeed Apply', to: '/harvest/media/indeed-apply/configure', product: 'media' },
  { label: 'Indeed Apply', to: '/harvest/cultivate/indeed-apply/configure', product: 'cultivate' },
];
