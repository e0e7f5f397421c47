import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoContext } from '../core/demo-context.ts';
import { countRows, createTenant, setupTestApp, type TestApp } from '../../test/helpers.ts';
import { seedJobs } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('demo jobs', () => {
  it('seeds 300 geocoded open jobs across departments, idempotently and quickly', async () => {
    const A = await createTenant(t.app);
    const ctx = { client: A.client, admin: A.recruiter, recruiter: A.recruiter, staff: A.staff } as DemoContext;
    const started = Date.now();
    await seedJobs(t.app, ctx);
    expect(Date.now() - started).toBeLessThan(5000);
    await seedJobs(t.app, ctx);
    const where = `client_id = '${A.client.id}'`;
    expect(await countRows(t.app, 'jobs', where)).toBe(300);
    expect(await countRows(t.app, 'jobs', `${where} AND lat IS NOT NULL AND city IS NOT NULL AND status = 'open'`)).toBe(300);
    expect(await countRows(t.app, 'departments', where)).toBe(5);
    expect(await countRows(t.app, 'job_categories', where)).toBe(3);
    const res = await t.app.inject({ method: 'GET', url: `/api/search-jobs?nameSlug=${A.client.nameSlug}&keywords=nurse&location=Austin,%20TX&radius=80` });
    expect(res.statusCode).toBe(200);
    expect(res.json().totalCount).toBeGreaterThan(0);
    expect(res.json().summary.employmentTypes.length).toBeGreaterThan(1);
  });
});
