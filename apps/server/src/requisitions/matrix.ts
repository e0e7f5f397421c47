import { randomBytes } from 'node:crypto';
import type { MatrixEntry, MatrixFixture, MatrixRole } from '../../test/matrix-types.ts';
import { jobs } from '../db/schema/jobs.ts';

/** Who may call each requisition route (docs/permissions.md "Requisitions"). Requests target tenant A. */
const tenantA: MatrixRole[] = ['admin', 'recruiterA', 'staffA'];
const uid = () => randomBytes(4).toString('hex');

async function jobA(f: MatrixFixture) {
  const [j] = await f.app.db
    .insert(jobs)
    .values({ clientId: f.a.client.id, title: 'Matrix telemetry nurse', description: '<p>Telemetry unit, night shifts.</p>', referenceNumber: `RQ-${uid()}` })
    .returning();
  return j;
}

export const matrix: MatrixEntry[] = [
  { method: 'GET', route: '/api/crm/requisitions', allowed: tenantA, request: (f) => ({ url: `/api/crm/requisitions?clientId=${f.a.client.id}` }) },
  {
    method: 'GET',
    route: '/api/crm/requisition/:id/keywords',
    allowed: tenantA,
    request: async (f) => ({ url: `/api/crm/requisition/${(await jobA(f)).id}/keywords` }),
  },
  {
    method: 'PUT',
    route: '/api/crm/requisition/:id/keywords',
    allowed: tenantA,
    request: async (f) => ({ url: `/api/crm/requisition/${(await jobA(f)).id}/keywords`, payload: { userKeywords: ['ICU', 'BLS'] } }),
  },
  {
    method: 'GET',
    route: '/api/crm/requisition/:jobId/candidates',
    allowed: tenantA,
    request: async (f) => ({ url: `/api/crm/requisition/${(await jobA(f)).id}/candidates` }),
  },
];
