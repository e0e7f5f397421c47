import type { RouteObject } from 'react-router';
import { navHandle } from '../../lib/nav.ts';
import { lazyChunk } from '../../lib/reload.ts';

/**
 * Signed-in routes of the pipeline feature: the client's pipeline settings and its rejection emails
 * (waiting ones can be cancelled). The job's board and
 * pipeline editor are tabs of a job (jobs/job-tabs.ts), loaded through this feature's index.ts.
 */
export const routes: RouteObject[] = [
  { path: 'settings/pipeline', lazy: lazyChunk(async () => ({ Component: (await import('./PipelineSettings.tsx')).default })) },
  {
    path: 'harvest/rejection-emails',
    lazy: lazyChunk(async () => ({ Component: (await import('./RejectionEmails.tsx')).default })),
    handle: navHandle({ label: 'Rejection emails', section: 'jobs', order: 7, product: 'harvest' }),
  },
];
/** Guest routes of this feature: none. */
export const guestRoutes: RouteObject[] = [];
