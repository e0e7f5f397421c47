import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTenant, createUser, setupTestApp, type TestApp } from '../../test/helpers.ts';
import { jobs } from '../db/schema/jobs.ts';
import { seedFeed } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t.close();
});

it('creates nothing without jobs, then plans the demo jobs once (idempotent) and serves a feed', async () => {
  const { client, recruiter, staff } = await createTenant(t.app);
  await t.app.pool.query('UPDATE clients SET ai_search = true WHERE id = $1', [client.id]);
  const admin = await createUser(t.app, { role: 'admin' });
  const ctx = { client, admin, recruiter, staff };
  await seedFeed(t.app, ctx);
  const row = async () =>
    (await t.app.pool.query('SELECT indeed_api_token, default_indeed_apply_questions, indeed_apply_questions_groups FROM clients WHERE id = $1', [client.id]))
      .rows[0];
  expect(await row()).toEqual({ indeed_api_token: null, default_indeed_apply_questions: null, indeed_apply_questions_groups: [] });

  for (let i = 0; i < 8; i++) await t.app.db.insert(jobs).values({ clientId: client.id, title: `Demo ${i}`, referenceNumber: `D-${i}` });
  await seedFeed(t.app, ctx);
  const plan = async () =>
    (
      await t.app.pool.query('SELECT reference_number, budget, indeed_apply, questions_list_id FROM jobs WHERE client_id = $1 ORDER BY reference_number', [
        client.id,
      ])
    ).rows;
  const first = await plan();
  expect(first.filter((j) => j.budget !== null)).toHaveLength(4);
  expect(first.filter((j) => j.indeed_apply)).toHaveLength(4);
  expect((await row()).indeed_api_token).toBe('demo-indeed-api-token');
  await seedFeed(t.app, ctx);
  expect(await plan()).toEqual(first);

  const questions = await t.app.inject({ method: 'GET', url: `/media/indeed-apply/questions/nursing?nameSlug=${client.nameSlug}` });
  expect(questions.statusCode).toBe(200);
  const feed = await t.app.inject({ method: 'GET', url: `/${client.nameSlug}/indeed-apply/xml` });
  expect(feed.statusCode).toBe(200);
  expect(feed.body.match(/<indeed-apply-data>/g)).toHaveLength(4);
});
