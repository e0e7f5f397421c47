import { afterAll, beforeAll, expect, it } from 'vitest';
import { countRows, setupTestApp, type TestApp } from '../../test/helpers.ts';
import { DEMO_SLUG, seedDemo } from './seed-demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => t?.close());

it('seeds the demo tenant (every subscription, admin, recruiter, staff) and is idempotent', async () => {
  const first = await seedDemo(t.app);
  expect(first.client.nameSlug).toBe(DEMO_SLUG);
  expect(Object.values(first.client.subscriptions).every(Boolean)).toBe(true);
  expect([first.admin.userTypeGlobal, first.recruiter.userTypeGlobal, first.staff.userTypeGlobal]).toEqual(['admin', 'recruiter', 'user']);
  expect(first.staff.clientId).toBe(first.client.id);
  const tables = ['clients', 'users', 'jobs', 'departments', 'candidates', 'applications', 'candidate_lists'];
  const before = await Promise.all(tables.map((tb) => countRows(t.app, tb)));
  const second = await seedDemo(t.app);
  expect(second.client.id).toBe(first.client.id);
  const after = await Promise.all(tables.map((tb) => countRows(t.app, tb)));
  expect(after).toEqual(before);
  const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'admin@demo.test', password: first.password } });
  expect(login.statusCode).toBe(200);

  // The recruiter finds a CRM with people in it: candidates at several stages, applications, a list, a likely duplicate.
  const rec = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'recruiter@demo.test', password: first.password } });
  const auth = { authorization: `Bearer ${rec.json().tokens.accessToken}` };
  const get = async (url: string) => {
    const r = await t.app.inject({ method: 'GET', url, headers: auth });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  const all = await get(`/api/crm/candidates?clientId=${first.client.id}&pageSize=100`);
  expect(all.totalCount).toBe(24);
  expect(new Set(all.results.map((c: { status: string }) => c.status)).size).toBeGreaterThanOrEqual(3);
  const icu = await get(`/api/crm/candidates?clientId=${first.client.id}&search=ICU&zipCode=78701&radius=25`);
  expect(icu.results.map((c: { lastName: string }) => c.lastName)).toEqual(expect.arrayContaining(['Lopez', 'Rossi']));
  const dups = await get(`/api/crm/duplicates?clientId=${first.client.id}`);
  expect(dups.results.map((p: { candidates: Array<{ email: string }> }) => p.candidates.map((c) => c.email).sort())).toContainEqual([
    'maria.garcia@example.com',
    'mgarcia.rn@example.net',
  ]);
  const lists = await get(`/api/candidates-lists?clientId=${first.client.id}&recruiterEmail=recruiter%40demo.test`);
  expect(JSON.stringify(lists)).toContain('Night shift nurses');
}, 120_000);
