import { messages } from '@hh/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTenant, createUser, setupTestApp, signIn, TEST_PASSWORD, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
let admin: { headers: Record<string, string> };
let adminRow: Awaited<ReturnType<typeof createUser>>;
let A: Awaited<ReturnType<typeof createTenant>>;
let B: Awaited<ReturnType<typeof createTenant>>;

beforeAll(async () => {
  t = await setupTestApp();
  adminRow = await createUser(t.app, { role: 'admin' });
  admin = await signIn(t.app, adminRow.email);
  A = await createTenant(t.app);
  B = await createTenant(t.app);
});
afterAll(async () => t.close());

const uniqEmail = () => `new-${Math.random().toString(36).slice(2, 10)}@test.example`;
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, payload });
const ids = (r: { json: () => { results: Array<{ _id: string }> } }) => r.json().results.map((u) => u._id);

describe('POST /api/user/create', () => {
  it('admin creates anyone (201); the password never comes back; logged; the new user can sign in', async () => {
    const email = uniqEmail();
    const res = await call('POST', '/api/user/create', admin.headers, {
      email: email.toUpperCase(),
      password: 'a-good-password',
      basicInfo: { firstName: 'Nia', lastName: 'North' },
      userTypeGlobal: 'recruiter',
      department: 'Talent',
    });
    expect(res.statusCode).toBe(201);
    const u = res.json();
    expect(u).toMatchObject({
      email,
      userTypeGlobal: 'recruiter',
      status: 'Active',
      createdBy: adminRow.id,
      basicInfo: { firstName: 'Nia', lastName: 'North' },
    });
    expect(JSON.stringify(u)).not.toContain('a-good-password');
    expect(u).not.toHaveProperty('password');
    expect(await countRows(t.app, 'activity_logs', `entity = 'user' AND action = 'create' AND entity_id = '${u._id}'`)).toBe(1);
    const log = await t.app.pool.query('SELECT changes::text AS c FROM activity_logs WHERE entity_id = $1', [u._id]);
    expect(log.rows[0].c).not.toContain('a-good-password');
    await signIn(t.app, email, 'a-good-password');
  });

  it('a duplicate email is 409 under users; a short password 400', async () => {
    const dup = await call('POST', '/api/user/create', admin.headers, { email: A.staff.email, password: 'a-good-password' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ errorMsg: { users: [messages.server.emailTaken(A.staff.email)] } });
    const short = await call('POST', '/api/user/create', admin.headers, { email: uniqEmail(), password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errorMsg.password).toEqual([messages.server.passwordLength]);
  });

  it('a recruiter creates staff for their own client only; staff cannot create users', async () => {
    const ok = await call('POST', '/api/user/create', A.recruiterAuth.headers, {
      email: uniqEmail(),
      password: 'a-good-password',
      company: { companyInfo: A.client.id, phoneNumber: '+1 5' },
      userTypeWave: 'editor',
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({
      userTypeGlobal: 'user',
      userTypeWave: 'editor',
      company: { companyInfo: A.client.id, phoneNumber: '+1 5' },
      createdBy: A.recruiter.id,
    });
    const promote = await call('POST', '/api/user/create', A.recruiterAuth.headers, {
      email: uniqEmail(),
      password: 'a-good-password',
      userTypeGlobal: 'admin',
      company: { companyInfo: A.client.id },
    });
    expect(promote.statusCode).toBe(403);
    expect(promote.json()).toEqual({ errorMsg: { users: [messages.server.forbidden] } });
    const otherClient = await call('POST', '/api/user/create', A.recruiterAuth.headers, {
      email: uniqEmail(),
      password: 'a-good-password',
      company: { companyInfo: B.client.id },
    });
    expect(otherClient.statusCode).toBe(404);
    expect(otherClient.json()).toEqual({ errorMsg: { users: [messages.server.clientNotFound] } });
    const noClient = await call('POST', '/api/user/create', A.recruiterAuth.headers, { email: uniqEmail(), password: 'a-good-password' });
    expect(noClient.statusCode).toBe(400);
    const staff = await call('POST', '/api/user/create', A.staffAuth.headers, {
      email: uniqEmail(),
      password: 'a-good-password',
      company: { companyInfo: A.client.id },
    });
    expect(staff.statusCode).toBe(403);
    expect(staff.json()).toEqual({ errorMsg: { users: [messages.server.forbidden] } });
  });
});

describe('lists and lookups', () => {
  it('admin sees all; recruiter the users of the clients they manage now; staff their client', async () => {
    const all = await call('GET', '/api/user/list?pageSize=500', admin.headers);
    expect(ids(all)).toEqual(expect.arrayContaining([A.staff.id, B.staff.id, A.recruiter.id]));
    const rec = await call('GET', '/api/user/list?pageSize=500', A.recruiterAuth.headers);
    expect(ids(rec)).toEqual(expect.arrayContaining([A.staff.id, A.recruiter.id]));
    expect(ids(rec)).not.toContain(B.staff.id);
    expect(ids(rec)).not.toContain(adminRow.id);
    const staff = await call('GET', '/api/user/list', B.staffAuth.headers);
    expect(ids(staff)).toContain(B.staff.id);
    expect(ids(staff)).not.toContain(A.staff.id);
  });

  it('filters by companyInfo (trailing-slash call), createdBy, search and status', async () => {
    const byCompany = await call('GET', `/api/user/list/?companyInfo=${A.client.id}`, admin.headers);
    expect(byCompany.statusCode).toBe(200);
    expect(byCompany.json().results.every((u: { company: { companyInfo: string } }) => u.company.companyInfo === A.client.id)).toBe(true);
    expect(ids(byCompany)).toContain(A.staff.id);
    const created = (
      await call('POST', '/api/user/create', A.recruiterAuth.headers, {
        email: uniqEmail(),
        password: 'a-good-password',
        company: { companyInfo: A.client.id },
      })
    ).json();
    const byCreator = await call('GET', `/api/users/list?createdBy=${A.recruiter.id}`, admin.headers);
    expect(ids(byCreator)).toContain(created._id);
    expect(byCreator.json().results.every((u: { createdBy: string }) => u.createdBy === A.recruiter.id)).toBe(true);
    const search = await call('GET', `/api/user/list?search=${encodeURIComponent(A.staff.lastName)}`, admin.headers);
    expect(ids(search)).toEqual([A.staff.id]);
    expect(
      (await call('GET', '/api/user/list?status=Suspended&pageSize=500', admin.headers))
        .json()
        .results.every((u: { status: string }) => u.status === 'Suspended'),
    ).toBe(true);
    const foreign = await call('GET', `/api/user/list/?companyInfo=${A.client.id}`, B.recruiterAuth.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ errorMsg: { users: [messages.server.clientNotFound] } });
    expect((await call('GET', '/api/user/list/?companyInfo=abc', admin.headers)).statusCode).toBe(400);
  });

  it('GET /api/user by userId or email; another tenant 404; malformed 400', async () => {
    expect((await call('GET', `/api/user?userId=${A.staff.id}`, A.recruiterAuth.headers)).json()._id).toBe(A.staff.id);
    expect((await call('GET', `/api/user?email=${encodeURIComponent(A.staff.email.toUpperCase())}`, A.staffAuth.headers)).json()._id).toBe(A.staff.id);
    for (const h of [B.recruiterAuth.headers, B.staffAuth.headers]) {
      const res = await call('GET', `/api/user?userId=${A.staff.id}`, h);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ errorMsg: { users: [messages.server.userNotFound] } });
      expect((await call('GET', `/api/user?email=${encodeURIComponent(A.staff.email)}`, h)).statusCode).toBe(404);
    }
    expect((await call('GET', '/api/user?userId=abc', admin.headers)).statusCode).toBe(400);
    expect((await call('GET', '/api/user?userId=00000000-0000-4000-8000-000000000009', admin.headers)).statusCode).toBe(404);
  });
});

describe('PATCH /api/user/update', () => {
  it('staff update their own profile fields, but not their types, status, email or client', async () => {
    const res = await call('PATCH', '/api/user/update', A.staffAuth.headers, {
      _id: A.staff.id,
      basicInfo: { firstName: 'Sam', lastName: 'Changed' },
      address: { country: 'US', address1: '1 Road' },
      company: { phoneNumber: '+1 222', companyInfo: A.client.id },
      department: 'Ops',
      userTypeWave: 'admin',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ basicInfo: { lastName: 'Changed' }, department: 'Ops', company: { phoneNumber: '+1 222', companyInfo: A.client.id } });
    for (const change of [
      { userTypeWave: 'none' },
      { status: 'Suspended' },
      { email: uniqEmail() },
      { company: { companyInfo: B.client.id } },
      { userTypeGlobal: 'admin' },
    ]) {
      const denied = await call('PATCH', '/api/user/update', A.staffAuth.headers, { _id: A.staff.id, ...change });
      expect(denied.statusCode, JSON.stringify(change)).toBe(403);
      expect(denied.json()).toEqual({ errorMsg: { users: [messages.server.forbidden] } });
    }
    const colleague = await createUser(t.app, { clientId: A.client.id });
    expect((await call('PATCH', '/api/user/update', A.staffAuth.headers, { _id: colleague.id, department: 'X' })).statusCode).toBe(403);
    expect((await call('PATCH', '/api/user/update', A.staffAuth.headers, { _id: B.staff.id, department: 'X' })).statusCode).toBe(404);
    const log = await t.app.pool.query(`SELECT changes FROM activity_logs WHERE entity = 'user' AND entity_id = $1 AND action = 'update'`, [A.staff.id]);
    expect(log.rows[0].changes.department).toEqual({ from: null, to: 'Ops' });
  });

  it("a recruiter edits their clients' staff (not to admin) and not other tenants' users", async () => {
    const s = await createUser(t.app, { clientId: A.client.id });
    const ok = await call('PATCH', '/api/user/update', A.recruiterAuth.headers, { _id: s.id, userTypeHarvest: 'editor' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().userTypeHarvest).toBe('editor');
    expect((await call('PATCH', '/api/user/update', A.recruiterAuth.headers, { _id: s.id, userTypeGlobal: 'recruiter' })).statusCode).toBe(403);
    expect((await call('PATCH', '/api/user/update', A.recruiterAuth.headers, { _id: s.id, company: { companyInfo: B.client.id } })).statusCode).toBe(404);
    const foreign = await call('PATCH', '/api/user/update', B.recruiterAuth.headers, { _id: s.id, department: 'X' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ errorMsg: { users: [messages.server.userNotFound] } });
    expect((await call('PATCH', '/api/user/update', A.recruiterAuth.headers, { _id: adminRow.id, department: 'X' })).statusCode).toBe(404);
  });

  it('admin changes email (409 when taken) and types; cannot demote or suspend themselves', async () => {
    const s = await createUser(t.app, { clientId: A.client.id });
    const taken = await call('PATCH', '/api/user/update', admin.headers, { _id: s.id, email: B.staff.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ errorMsg: { users: [messages.server.emailTaken(B.staff.email)] } });
    const email = uniqEmail();
    expect((await call('PATCH', '/api/user/update', admin.headers, { _id: s.id, email, userTypeGlobal: 'recruiter' })).json()).toMatchObject({
      email,
      userTypeGlobal: 'recruiter',
    });
    expect((await call('PATCH', '/api/user/update', admin.headers, { _id: adminRow.id, userTypeGlobal: 'user' })).statusCode).toBe(403);
    expect((await call('PATCH', '/api/user/update', admin.headers, { _id: adminRow.id, basicInfo: { firstName: 'Ad' } })).statusCode).toBe(200);
    const bad = await call('PATCH', '/api/user/update', admin.headers, { _id: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorMsg._id).toEqual([messages.server.invalidId]);
  });

  it('suspending revokes sessions at once: the next call is 403 with the auth message; login refused', async () => {
    const s = await createUser(t.app, { clientId: A.client.id });
    const session = await signIn(t.app, s.email);
    const res = await call('PATCH', '/api/user/update', A.recruiterAuth.headers, { _id: s.id, status: 'Suspended' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('Suspended');
    expect(await countRows(t.app, 'auth_sessions', `user_id = '${s.id}' AND revoked_at IS NULL`)).toBe(0);
    const next = await call('GET', '/api/user/fetch-logged-in', session.headers);
    expect(next.statusCode).toBe(403);
    expect(next.json()).toEqual({ errorMsg: { auth: [messages.server.userSuspended] } });
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: s.email, password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ errorMsg: { auth: [messages.server.userSuspended] } });
    expect(await countRows(t.app, 'activity_logs', `entity = 'user' AND action = 'suspend' AND entity_id = '${s.id}'`)).toBe(1);
    expect((await call('PATCH', '/api/user/update', A.recruiterAuth.headers, { _id: s.id, status: 'Active' })).json().status).toBe('Active');
    await signIn(t.app, s.email);
  });
});

describe('GET /api/outbox', () => {
  it('admins read sent mail newest first; others 403', async () => {
    await t.app.mail.send({ to: 'first@test.example', subject: 'First', text: 'one' });
    await t.app.mail.send({ to: 'second@test.example', subject: 'Second', text: 'two' });
    const res = await call('GET', '/api/outbox?pageSize=2', admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((m: { subject: string }) => m.subject)).toEqual(['Second', 'First']);
    expect(res.json().results[0]).toMatchObject({ to: 'second@test.example', text: 'two', sentAt: null });
    expect(res.json().totalCount).toBeGreaterThanOrEqual(2);
    for (const h of [A.recruiterAuth.headers, A.staffAuth.headers]) {
      const denied = await call('GET', '/api/outbox', h);
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toEqual({ errorMsg: { outbox: [messages.server.forbidden] } });
    }
  });
});
