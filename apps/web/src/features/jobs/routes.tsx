import type { RouteObject } from 'react-router';
import { navHandle } from '../../lib/nav.ts';
import { lazyChunk } from '../../lib/reload.ts';
import { jobTabs } from './job-tabs.ts';

// biome-ignore lint/suspicious/noExplicitAny: a page module's default export is any component
const page = (load: () => Promise<{ default: React.ComponentType<any> }>) => lazyChunk(async () => ({ Component: (await load()).default }));

/** Signed-in routes of this feature: jobs, imports, departments and categories, prequalification, dashboard. */
export const routes: RouteObject[] = [
  { path: 'harvest/jobs', lazy: page(() => import('./JobsList.tsx')), handle: navHandle({ label: 'All jobs', section: 'jobs', order: 1, product: 'harvest' }) },
  { path: 'harvest/jobs/new', lazy: page(() => import('./JobEdit.tsx')) },
  {
    path: 'harvest/jobs/imports',
    lazy: page(() => import('./Imports.tsx')),
    handle: navHandle({ label: 'Job imports', section: 'jobs', order: 3, product: 'harvest' }),
  },
  // A job opens on its board; each tab of job-tabs.ts is a child route (the board is the index).
  {
    path: 'harvest/jobs/:jobId',
    lazy: page(() => import('./JobPage.tsx')),
    children: jobTabs.map((t) => (t.path ? { path: t.path, lazy: page(t.load) } : { index: true, lazy: page(t.load) })),
  },
  {
    path: 'harvest/departments',
    lazy: page(() => import('./Departments.tsx')),
    handle: navHandle({ label: 'Departments and categories', section: 'jobs', order: 4, product: 'harvest' }),
  },
  {
    path: 'harvest/prequalification',
    lazy: page(() => import('./Prequalification.tsx')),
    handle: navHandle({ label: 'Prequalification questions', section: 'jobs', order: 5, product: 'harvest' }),
  },
  {
    path: 'harvest/dashboard',
    lazy: page(() => import('./Dashboard.tsx')),
    handle: navHandle({ label: 'Jobs dashboard', section: 'reports', order: 1, product: 'harvest' }),
  },
];
/** Guest routes of this feature (no sign-in needed), if any. */
export const guestRoutes: RouteObject[] = [];
