import type { RouteObject } from 'react-router';
import type { NavItem } from '../../lib/nav.ts';
import { lazyChunk } from '../../lib/reload.ts';

// biome-ignore lint/suspicious/noExplicitAny: a page module's default export is any component
const page = (load: () => Promise<{ default: React.ComponentType<any> }>) => lazyChunk(async () => ({ Component: (await load()).default }));

/** Signed-in routes of this feature (issue 3): jobs, imports, departments and categories, prequalification, dashboard. */
export const routes: RouteObject[] = [
  { path: 'harvest/jobs', lazy: page(() => import('./JobsList.tsx')) },
  { path: 'harvest/jobs/new', lazy: page(() => import('./JobEdit.tsx')) },
  { path: 'harvest/jobs/imports', lazy: page(() => import('./Imports.tsx')) },
  { path: 'harvest/jobs/:jobId', lazy: page(() => import('./JobEdit.tsx')) },
  { path: 'harvest/departments', lazy: page(() => import('./Departments.tsx')) },
  { path: 'harvest/prequalification', lazy: page(() => import('./Prequalification.tsx')) },
  { path: 'harvest/dashboard', lazy: page(() => import('./Dashboard.tsx')) },
];
/** Guest routes of this feature (no sign-in needed), if any. */
export const guestRoutes: RouteObject[] = [];
/** Navbar links, shown under their product area when the selected client subscribes to it. */
export const nav: NavItem[] = [
  { label: 'Dashboard', to: '/harvest/dashboard', product: 'harvest' },
  { label: 'Jobs', to: '/harvest/jobs', product: 'harvest' },
  { label: 'Job imports', to: '/harvest/jobs/imports', product: 'harvest' },
  { label: 'Departments', to: '/harvest/departments', product: 'harvest' },
  { label: 'Prequalification', to: '/harvest/prequalification', product: 'harvest' },
];
