import { messages } from '@hh/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, setupTestApp, signIn, type TestApp } from '../../test/helpers.ts';

/** Rights over a user follow the clients the actor manages now, never `createdBy`. */
let t: TestApp;
let admin: { headers: Record<string, string> };

beforeAll(async () => {
  t = await setupTestApp();
  admin = await signIn(t.app, (await createUser(t.app, { role: 'admin' })).email);
});
afterAll(async () => t.close());

const patch = (headers: Record<string, string>, payload: object) => t.app.inject({ method: 'PATCH', url: '/api/user/update', headers, payload });

describe('a recruiter keeps no rights over users they created once they stop managing the client', () => {
  it('removed from accountManagers: read, update, re-activate, promote and re-address are all refused (404)', async () => {
    const recruiter = await createUser(t.app, { role: 'recruiter' });
    const rAuth = await signIn(t.app, recruiter.email);
    const client = await createClient(t.app, { accountManagers: [recruiter.id] });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/user/create',
      headers: rAuth.headers,
      payload: { email: `victim-${Date.now()}@test.example`, password: 'a-good-password', company: { companyInfo: client.id } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const victimId = created.json()._id;
    // While managing the client, the recruiter may change the user.
    expect((await patch(rAuth.headers, { _id: victimId, department: 'Ops' })).statusCode).toBe(200);

    const removed = await t.app.inject({
      method: 'PATCH',
      url: '/api/client/update',
      headers: admin.headers,
      payload: { _id: client.id, accountManagers: [] },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await patch(admin.headers, { _id: victimId, status: 'Suspended' })).statusCode).toBe(200);

    for (const change of [{ status: 'Active' }, { userTypeHarvest: 'admin', userTypeWave: 'admin' }, { email: 'attacker@evil.example' }]) {
      const r = await patch(rAuth.headers, { _id: victimId, ...change });
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual({ errorMsg: { users: [messages.server.userNotFound] } });
    }
    const read = await t.app.inject({ method: 'GET', url: `/api/user?userId=${victimId}`, headers: rAuth.headers });
    expect(read.statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: `/api/users/list?createdBy=${recruiter.id}`, headers: rAuth.headers });
    expect(list.json().results.map((u: { _id: string }) => u._id)).not.toContain(victimId);
    const row = await t.app.pool.query('SELECT status, email, user_type_harvest FROM users WHERE id = $1', [victimId]);
    expect(row.rows[0]).toMatchObject({ status: 'Suspended', user_type_harvest: 'none' });
    expect(row.rows[0].email).not.toBe('attacker@evil.example');
  });

  it('user moved by an admin into a client the recruiter does not manage: refused', async () => {
    const recruiter = await createUser(t.app, { role: 'recruiter' });
    const rAuth = await signIn(t.app, recruiter.email);
    const own = await createClient(t.app, { createdBy: recruiter.id });
    const other = await createClient(t.app);
    const victim = await createUser(t.app, { clientId: own.id, createdBy: recruiter.id });
    const moved = await patch(admin.headers, { _id: victim.id, company: { companyInfo: other.id }, status: 'Suspended' });
    expect(moved.statusCode, moved.body).toBe(200);
    const r = await patch(rAuth.headers, { _id: victim.id, status: 'Active', userTypeWave: 'admin' });
    expect(r.statusCode).toBe(404);
  });
});
