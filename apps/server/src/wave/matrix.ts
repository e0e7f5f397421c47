import { randomBytes } from 'node:crypto';
import type { MatrixEntry, MatrixFixture } from '../../test/matrix-types.ts';
import { waveProfiles } from '../db/schema/wave.ts';
import { widgetOfA } from '../../test/matrix-fixtures.ts';

/** Who may call each Wave profile route (docs/wave.md). Requests target tenant A; staffA is a Wave admin of A. */
const everyone = ['anonymous', 'admin', 'recruiterA', 'staffA', 'recruiterB', 'staffB'] as const;
const signedIn = ['admin', 'recruiterA', 'staffA', 'recruiterB', 'staffB'] as const;
const managersA = ['admin', 'recruiterA', 'staffA'] as const;
const rand = () => randomBytes(4).toString('hex');

async function profileOfA(f: MatrixFixture) {
  const [p] = await f.app.db
    .insert(waveProfiles)
    .values({ clientId: f.a.client.id, ownerEmail: `matrix-${rand()}@test.example`, firstName: 'Matrix', lastName: rand() })
    .returning();
  return p;
}

export const matrix: MatrixEntry[] = [
  {
    method: 'POST',
    route: '/api/profiles/wave/create',
    allowed: [...managersA],
    note: 'Each caller creates their own profile in client A; tenant B is refused.',
    request: (f) => ({ payload: { clientId: f.a.client.id, title: 'Matrix' } }),
  },
  {
    method: 'POST',
    route: '/api/create-edit-profiles/create',
    allowed: [...managersA],
    request: (f) => ({ payload: { companyId: f.a.client.id, email: `assign-${rand()}@test.example` } }),
  },
  {
    method: 'GET',
    route: '/api/create-edit-profiles',
    allowed: [...managersA],
    request: (f) => ({ url: `/api/create-edit-profiles?companyId=${f.a.client.id}` }),
  },
  {
    method: 'PATCH',
    route: '/api/profiles/wave/update',
    allowed: [...managersA],
    request: async (f) => ({ payload: { _id: (await profileOfA(f)).id, title: 'Updated' } }),
  },
  { method: 'GET', route: '/api/profiles/wave', allowed: [...signedIn], note: 'Each caller sees only their own scope.', request: () => ({}) },
  {
    method: 'GET',
    route: '/api/profiles/wave/get-by-invited-by-id',
    allowed: [...signedIn],
    note: 'Filtered to what the caller may see.',
    request: (f) => ({ url: `/api/profiles/wave/get-by-invited-by-id?invitedBy=${f.a.staff.id}` }),
  },
  {
    method: 'GET',
    route: '/api/profiles/wave/get-by-client-id',
    allowed: [...managersA],
    request: (f) => ({ url: `/api/profiles/wave/get-by-client-id?clientId=${f.a.client.id}&status=In%20Progress` }),
  },
  {
    method: 'GET',
    route: '/api/profiles/wave/get-by-department-id',
    allowed: [...signedIn],
    note: 'Filtered to what the caller may see.',
    request: () => ({ url: '/api/profiles/wave/get-by-department-id?departmentId=00000000-0000-4000-8000-000000000001' }),
  },
  {
    method: 'GET',
    route: '/api/profiles/wave/get-by-job-data',
    allowed: [...everyone],
    note: 'Public: approved profiles only, as on the job page.',
    request: (f) => ({ url: `/api/profiles/wave/get-by-job-data?clientId=${f.a.client.id}` }),
  },
  {
    method: 'GET',
    route: '/api/profiles/wave/get-by-id',
    allowed: [...managersA],
    request: async (f) => ({ url: `/api/profiles/wave/get-by-id?profileId=${(await profileOfA(f)).id}` }),
  },
  {
    method: 'POST',
    route: '/api/profiles/wave/dispatch-embed-code',
    allowed: [...managersA],
    request: async (f) => ({ payload: { clientId: f.a.client.id, widgetId: (await widgetOfA(f)).id, email: 'webmaster@test.example' } }),
  },
];
