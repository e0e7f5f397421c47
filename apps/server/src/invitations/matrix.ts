import { randomBytes } from 'node:crypto';
import type { MatrixEntry, MatrixFixture } from '../../test/matrix-types.ts';
import { userInvitations } from '../db/schema/team.ts';
import { newInvitationToken } from './token.ts';

/** Who may call each invitation route: those who may manage the client's users (docs/permissions.md). Requests target tenant A. */
const everyone = ['anonymous', 'admin', 'recruiterA', 'staffA', 'recruiterB', 'staffB'] as const;
const managersA = ['admin', 'recruiterA'] as const;
const rand = () => randomBytes(4).toString('hex');

/** A fresh pending invitation of tenant A, with its link token. */
export async function invitationOfA(f: MatrixFixture) {
  const id = crypto.randomUUID();
  const { token, hash } = newInvitationToken(f.a.client.id, id);
  const [row] = await f.app.db
    .insert(userInvitations)
    .values({ clientId: f.a.client.id, id, email: `inv-${rand()}@matrix.example`, tokenHash: hash, expiresAt: new Date(Date.now() + 86400_000) })
    .returning();
  return { row, token };
}

export const matrix: MatrixEntry[] = [
  {
    method: 'POST',
    route: '/api/user-invitation/create',
    allowed: [...managersA],
    request: (f) => ({ payload: { clientId: f.a.client.id, emails: [`new-${rand()}@matrix.example`], userTypeWave: 'member' } }),
  },
  { method: 'GET', route: '/api/user-invitation', allowed: [...managersA], request: (f) => ({ url: `/api/user-invitation?clientId=${f.a.client.id}` }) },
  {
    method: 'GET',
    route: '/api/user-invitation/get-by-id',
    allowed: [...managersA],
    request: async (f) => ({ url: `/api/user-invitation/get-by-id?clientId=${f.a.client.id}&invitationId=${(await invitationOfA(f)).row.id}` }),
  },
  {
    method: 'DELETE',
    route: '/api/user-invitation/delete',
    allowed: [...managersA],
    request: async (f) => ({ payload: { clientId: f.a.client.id, _id: (await invitationOfA(f)).row.id } }),
  },
  {
    method: 'PATCH',
    route: '/api/user-invitation/update',
    allowed: [...managersA],
    request: async (f) => ({ payload: { clientId: f.a.client.id, _id: (await invitationOfA(f)).row.id, userTypeHarvest: 'editor' } }),
  },
  {
    method: 'GET',
    route: '/api/user-invitation/get-by-emails',
    allowed: [...managersA],
    request: async (f) => ({ url: `/api/user-invitation/get-by-emails?clientId=${f.a.client.id}&emails=${(await invitationOfA(f)).row.email}` }),
  },
  {
    method: 'GET',
    route: '/api/user-invitation/get-by-microsoft-emails',
    allowed: [...managersA],
    request: async (f) => ({
      url: `/api/user-invitation/get-by-microsoft-emails?clientId=${f.a.client.id}&emails=${encodeURIComponent(`SMTP:${(await invitationOfA(f)).row.email}`)}`,
    }),
  },
  {
    method: 'GET',
    route: '/api/user-invitation/get-by-token',
    allowed: [...everyone],
    note: 'Public: the link token is the proof; the reply is whitelisted.',
    request: async (f) => ({ url: `/api/user-invitation/get-by-token?token=${encodeURIComponent((await invitationOfA(f)).token)}` }),
  },
  {
    method: 'POST',
    route: '/api/user-invitation/accept',
    allowed: [...everyone],
    note: 'Public: the link token is the proof.',
    request: async (f) => ({ payload: { token: (await invitationOfA(f)).token, firstName: 'New', lastName: 'Member', password: 'a-long-password-1' } }),
  },
  { method: 'GET', route: '/api/team', allowed: [...managersA], request: (f) => ({ url: `/api/team?clientId=${f.a.client.id}` }) },
];
