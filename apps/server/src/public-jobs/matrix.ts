import { jobOfA } from '../../test/matrix-fixtures.ts';
import type { MatrixEntry, MatrixRole } from '../../test/matrix-types.ts';

/** The public career-site and job-board calls: anyone may call them. */
const everyone: MatrixRole[] = ['anonymous', 'admin', 'recruiterA', 'staffA', 'recruiterB', 'staffB'];

export const matrix: MatrixEntry[] = [
  // Public career-site and job-board calls
  { method: 'GET', route: '/api/jobs/container', allowed: everyone, request: (f) => ({ url: `/api/jobs/container?nameSlug=${f.a.client.nameSlug}` }) },
  { method: 'GET', route: '/api/search-jobs', allowed: everyone, request: (f) => ({ url: `/api/search-jobs?nameSlug=${f.a.client.nameSlug}&keywords=nurse` }) },
  { method: 'GET', route: '/api/jobs-summary/:id', allowed: everyone, request: (f) => ({ url: `/api/jobs-summary/${f.a.client.id}` }) },
  {
    method: 'GET',
    route: '/api/get-job',
    allowed: everyone,
    request: async (f) => ({ url: `/api/get-job?nameSlug=${f.a.client.nameSlug}&jobId=${(await jobOfA(f)).id}` }),
  },
  {
    method: 'GET',
    route: '/api/similar-jobs',
    allowed: everyone,
    request: async (f) => ({ url: `/api/similar-jobs?nameSlug=${f.a.client.nameSlug}&jobId=${(await jobOfA(f)).id}` }),
  },
];
