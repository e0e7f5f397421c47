import type { RouteObject } from 'react-router';
import type { NavItem } from '../../lib/nav.ts';
import { lazyChunk } from '../../lib/reload.ts';

// biome-ignore lint/suspicious/noExplicitAny: a page module's default export is any component
const page = (load: () => Promise<{ default: React.ComponentType<any> }>) => lazyChunk(async () => ({ Component: (await load()).default }));

/** Signed-in routes of the candidate CRM (issue 12). */
export const routes: RouteObject[] = [
  { path: 'harvest/applications', lazy: page(() => import('./ApplicationsInbox.tsx')) },
  { path: 'harvest/cultivate/candidates', lazy: page(() => import('./CandidatesPage.tsx')) },
  { path: 'harvest/media/candidates', lazy: page(() => import('./CandidatesPage.tsx')) },
  { path: 'harvest/cultivate/candidates/duplicates', lazy: page(() => import('./duplicates/DuplicatesPage.tsx')) },
  { path: 'harvest/media/candidates/duplicates', lazy: page(() => import('./duplicates/DuplicatesPage.tsx')) },
  { path: 'crm-growth-metrics', lazy: page(() => import('./metrics/GrowthMetrics.tsx')) },
  { path: 'crm-alerts-metrics', lazy: page(() => import('./metrics/AlertsMetrics.tsx')) },
  { path: 'harvest/cultivate/campaigns', lazy: page(() => import('./campaigns/CampaignsPage.tsx')) },
  { path: 'crm-alerts-setup', lazy: page(() => import('./alerts/AlertsSetupPage.tsx')) },
];
/** Guest routes of this feature: none. */
export const guestRoutes: RouteObject[] = [];
/** Navbar links, shown under their product area when the selected client subscribes to it. */
export const nav: NavItem[] = [
  { label: 'Applications', to: '/harvest/applications', product: 'harvest' },
  { label: 'Candidates', to: '/harvest/cultivate/candidates', product: 'harvest' },
  { label: 'Campaigns', to: '/harvest/cultivate/campaigns', product: 'harvest' },
  { label: 'Candidate alerts', to: '/crm-alerts-setup', product: 'harvest' },
  { label: 'Candidates', to: '/harvest/media/candidates', product: 'media' },
  { label: 'Candidate growth', to: '/crm-growth-metrics', product: 'harvest' },
  { label: 'Alert activity', to: '/crm-alerts-metrics', product: 'harvest' },
];
