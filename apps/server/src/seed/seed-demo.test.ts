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
  const tables = ['clients', 'users', 'jobs', 'departments'];
  const before = await Promise.all(tables.map((tb) => countRows(t.app, tb)));
  const second = await seedDemo(t.app);
  expect(second.client.id).toBe(first.client.id);
  const after = await Promise.all(tables.map((tb) => countRows(t.app, tb)));
  expect(after).toEqual(before);
  const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'admin@demo.test', password: first.password } });
  expect(login.statusCode).toBe(200);
}, 120_000);
