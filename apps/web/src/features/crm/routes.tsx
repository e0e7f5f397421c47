import type { RouteObject } from 'react-router';
import { navHandle } from '../../lib/nav.ts';
import { lazyChunk } from '../../lib/reload.ts';

// biome-ignore lint/suspicious/noExplicitAny: a page module's default export is any component
const page = (load: () => Promise<{ default: React.ComponentType<any> }>) => lazyChunk(async () => ({ Component: (await load()).default }));

/** Signed-in routes of the candidate CRM. */
export const routes: RouteObject[] = [
  {
    path: 'harvest/applications',
    lazy: page(() => import('./ApplicationsInbox.tsx')),
    handle: navHandle({ label: 'Applications', section: 'candidates', order: 1, product: 'harvest' }),
  },
  {
    path: 'harvest/cultivate/candidates',
    lazy: page(() => import('./CandidatesPage.tsx')),
    handle: navHandle({ label: 'All candidates', section: 'candidates', order: 2, product: 'harvest' }),
  },
  {
    path: 'harvest/media/candidates',
    lazy: page(() => import('./CandidatesPage.tsx')),
    handle: navHandle({ label: 'All candidates', section: 'candidates', order: 2, product: 'media' }),
  },
  { path: 'harvest/cultivate/candidates/duplicates', lazy: page(() => import('./duplicates/DuplicatesPage.tsx')) },
  { path: 'harvest/media/candidates/duplicates', lazy: page(() => import('./duplicates/DuplicatesPage.tsx')) },
  {
    path: 'crm-growth-metrics',
    lazy: page(() => import('./metrics/GrowthMetrics.tsx')),
    handle: navHandle({ label: 'Candidate growth', section: 'reports', order: 2, product: 'harvest' }),
  },
  {
    path: 'crm-alerts-metrics',
    lazy: page(() => import('./metrics/AlertsMetrics.tsx')),
    handle: navHandle({ label: 'Alert activity', section: 'reports', order: 3, product: 'harvest' }),
  },
  {
    path: 'harvest/cultivate/campaigns',
    lazy: page(() => import('./campaigns/CampaignsPage.tsx')),
    handle: navHandle({ label: 'Email campaigns', section: 'campaigns', order: 1, product: 'harvest' }),
  },
  {
    path: 'crm-alerts-setup',
    lazy: page(() => import('./alerts/AlertsSetupPage.tsx')),
    handle: navHandle({ label: 'Candidate alerts', section: 'candidates', order: 3, product: 'harvest' }),
  },
];
/** Guest routes of this feature: none. */
export const guestRoutes: RouteObject[] = [];
