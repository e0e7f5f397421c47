import { randomBytes } from 'node:crypto';
import { jobOfA } from '../../test/matrix-fixtures.ts';
import type { MatrixEntry, MatrixRole } from '../../test/matrix-types.ts';

/** Who may call each job-management and job-planning route (read by client members, changed by harvest editors). */
const tenantA: MatrixRole[] = ['admin', 'recruiterA', 'staffA'];
const uid = () => randomBytes(4).toString('hex');

export const matrix: MatrixEntry[] = [
  // Portal: job management
  { method: 'GET', route: '/api/job/list-by-client-id', allowed: tenantA, request: (f) => ({ url: `/api/job/list-by-client-id?clientId=${f.a.client.id}` }) },
  {
    method: 'GET',
    route: '/api/job/get-by-id',
    allowed: tenantA,
    request: async (f) => ({ url: `/api/job/get-by-id?clientId=${f.a.client.id}&jobId=${(await jobOfA(f)).id}` }),
  },
  { method: 'POST', route: '/api/job/create', allowed: tenantA, request: (f) => ({ payload: { clientId: f.a.client.id, title: 'Created in matrix' } }) },
  {
    method: 'PATCH',
    route: '/api/job/update',
    allowed: tenantA,
    request: async (f) => ({ payload: { clientId: f.a.client.id, _id: (await jobOfA(f)).id, title: 'Renamed' } }),
  },
  {
    method: 'POST',
    route: '/api/job/bulk-close',
    allowed: tenantA,
    request: async (f) => ({ payload: { clientId: f.a.client.id, jobIds: [(await jobOfA(f)).id] } }),
  },
  {
    method: 'GET',
    route: '/api/get-recruiters-assigned',
    allowed: tenantA,
    request: (f) => ({ url: `/api/get-recruiters-assigned?clientId=${f.a.client.id}` }),
  },
  { method: 'GET', route: '/api/job/mvp', allowed: tenantA, request: (f) => ({ url: `/api/job/mvp?clientId=${f.a.client.id}` }) },
  {
    method: 'GET',
    route: '/api/job/mvp-get-by-id',
    allowed: tenantA,
    request: async (f) => {
      const j = await jobOfA(f, { adid: `ad${uid()}` });
      return { url: `/api/job/mvp-get-by-id?clientId=${f.a.client.id}&adid=${j.adid}` };
    },
  },
  {
    method: 'PATCH',
    route: '/api/job/mvp-update',
    allowed: tenantA,
    request: async (f) => ({ payload: { clientId: f.a.client.id, _id: (await jobOfA(f)).id, budget: '10.00' } }),
  },
  { method: 'POST', route: '/api/job/mvp-set-client-ids', allowed: tenantA, request: (f) => ({ payload: { clientId: f.a.client.id } }) },
];
