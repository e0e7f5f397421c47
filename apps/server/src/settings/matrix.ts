import { sql } from 'drizzle-orm';
import type { MatrixEntry, MatrixFixture } from '../../test/matrix-types.ts';
import { userSettings } from '../db/schema/core.ts';

/** Who may call each user-settings route. Settings are the caller's own, for tenant A's client. */
const tenantA = ['admin', 'recruiterA', 'staffA'] as const;

/** The request does not know the role, so every fixture user gets settings for A (update needs them). */
async function settingsForEveryone(f: MatrixFixture) {
  const ids = [f.admin.id, f.a.recruiter.id, f.a.staff.id, f.b.recruiter.id, f.b.staff.id];
  await f.app.db
    .insert(userSettings)
    .values(ids.map((userId) => ({ clientId: f.a.client.id, userId, crm: { requisitions: { columns: [] } } })))
    .onConflictDoNothing();
}

export const matrix: MatrixEntry[] = [
  { method: 'GET', route: '/api/user-settings', allowed: [...tenantA], request: (f) => ({ url: `/api/user-settings?clientId=${f.a.client.id}` }) },
  {
    method: 'POST',
    route: '/api/user-settings/create',
    allowed: [...tenantA],
    request: async (f) => {
      await f.app.db.execute(sql`DELETE FROM user_settings WHERE client_id = ${f.a.client.id}`);
      return { payload: { clientId: f.a.client.id, crm: { requisitions: { columns: ['title'] } } } };
    },
  },
  {
    method: 'PATCH',
    route: '/api/user-settings/update',
    allowed: [...tenantA],
    request: async (f) => {
      await settingsForEveryone(f);
      return { payload: { clientId: f.a.client.id, crm: { requisitions: { columns: ['city'] } } } };
    },
  },
];
