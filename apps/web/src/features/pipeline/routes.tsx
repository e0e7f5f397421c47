import type { RouteObject } from 'react-router';
import { lazyChunk } from '../../lib/reload.ts';

/**
 * Signed-in routes of the pipeline feature: the client's pipeline settings. The job's board and
 * pipeline editor are tabs of a job (jobs/job-tabs.ts), loaded through this feature's index.ts.
 */
export const routes: RouteObject[] = [
  { path: 'settings/pipeline', lazy: lazyChunk(async () => ({ Component: (await import('./PipelineSettings.tsx')).default })) },
];
/** Guest routes of this feature: none. */
export const guestRoutes: RouteObject[] = [];
