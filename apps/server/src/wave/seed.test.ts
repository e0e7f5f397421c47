import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTenant, createUser, setupTestApp, type TestApp } from '../../test/helpers.ts';
import { seedVideo } from '../video/seed.ts';
import { seedWidgets } from '../widgets/seed.ts';
import { seedWave } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

describe('wave demo data', () => {
  it('makes ready demo videos, approved profiles and a widget, and is idempotent', async () => {
    const tenant = await createTenant(t.app);
    const admin = await createUser(t.app, { role: 'admin' });
    const ctx = { client: tenant.client, admin, recruiter: tenant.recruiter, staff: tenant.staff };
    for (let i = 0; i < 2; i++) {
      await seedVideo(t.app, ctx);
      await seedWave(t.app, ctx);
      await seedWidgets(t.app, ctx);
    }
    const where = `client_id = '${tenant.client.id}'`;
    expect(await countRows(t.app, 'videos', `${where} AND state = 'ready'`)).toBe(3);
    expect(await countRows(t.app, 'videos', where)).toBe(3);
    expect(await countRows(t.app, 'wave_profiles', `${where} AND status = 'Approved' AND profile_video IS NOT NULL`)).toBe(3);
    expect(await countRows(t.app, 'widgets', where)).toBe(1);
    const page = await t.app.inject({ method: 'GET', url: `/meet-the-team/${tenant.client.nameSlug}` });
    expect(page.body).toContain('Maya Lopez');
    // 3 approved people, each with a profile video and an answer to each of the 3 demo questions (only complete profiles are approved).
    expect(page.body.match(/<video /g)?.length).toBe(12);
  }, 120_000);
});
