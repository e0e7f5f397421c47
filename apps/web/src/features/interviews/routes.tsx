import type { RouteObject } from 'react-router';
import { navHandle } from '../../lib/nav.ts';
import { lazyChunk } from '../../lib/reload.ts';

// biome-ignore lint/suspicious/noExplicitAny: a page module's default export is any component
const page = (load: () => Promise<{ default: React.ComponentType<any> }>) => lazyChunk(async () => ({ Component: (await load()).default }));

/**
 * Interviews and feedback: "My interviews" and the scorecard form (the emailed link). A job's interview
 * plan is a tab of the job (jobs/job-tabs.ts), loaded through this feature's index.ts.
 */
export const routes: RouteObject[] = [
  { path: 'interviews', lazy: page(() => import('./MyInterviews.tsx')), handle: navHandle({ label: 'My interviews', section: 'interviews', order: 1 }) },
  { path: 'interviews/:applicationId/:interviewId', lazy: page(() => import('./ScorecardPage.tsx')) },
];
export const guestRoutes: RouteObject[] = [];
