import { afterAll, beforeAll, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t.close();
});

it('documents the feed routes in the generated OpenAPI document', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const paths = res.json().paths as Record<string, unknown>;
  for (const p of [
    '/api/indeed-apply/settings',
    '/api/indeed-apply/questions-groups',
    '/api/feed/job-planning',
    '/api/indeed-apply/{nameSlug}',
    '/media/indeed-apply/questions/{questionsListId}',
  ]) {
    expect(paths[p], p).toBeDefined();
  }
});
