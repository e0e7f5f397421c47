import { afterAll, beforeAll, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '../../test/helpers.ts';
import { seedDemo } from '../seed/seed-demo.ts';

/** The demo career site: a designed first look, seeded once. */
let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

it('publishes the demo Home and Benefits pages, three motivators and the motivator search page, once', async () => {
  await seedDemo(t.app);
  await seedDemo(t.app);
  const home = await get('/acme-health?utm_source=careersite&utm_medium=organic');
  expect(home.statusCode).toBe(200);
  for (const text of ['Care is a team sport', 'Find your next job', 'Nursing jobs open now', 'Benefits', 'Why people join Acme Health'])
    expect(home.body).toContain(text);
  expect((await get('/acme-health/benefits?utm_source=careersite&utm_medium=organic')).statusCode).toBe(200);
  const list = await t.app.inject({ method: 'GET', url: '/api/published-page-templates/motivators?nameSlug=acme-health' });
  expect(
    list
      .json()
      .results.map((m: { name: string }) => m.name)
      .sort(),
  ).toEqual(['Home every night', 'Sign-on bonus', 'Tuition paid']);
  expect((await get('/acme-health/motivator/sign-on-bonus?utm_source=careersite&utm_medium=organic')).statusCode).toBe(200);
  const search = await get('/motivator-search/acme-health?motivator=tuition-paid&utm_source=careersite&utm_medium=organic');
  expect(search.statusCode).toBe(200);
  expect(search.body).toContain('What matters to you?');
}, 180_000);
