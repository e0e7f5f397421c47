import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobViaApi, createTenant, setupTestApp, type TestApp } from '../../test/helpers.ts';
import { logActivity } from '../core/activity-log.ts';
import { candidates } from '../db/schema/candidates.ts';

let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
type Log = { entity: string; action: string; summary?: string; entityId: string | null };

beforeAll(async () => {
  t = await setupTestApp();
  A = await createTenant(t.app);
});
afterAll(async () => t.close());

const list = async (query = '') =>
  (await t.app.inject({ method: 'GET', url: `/api/activity-logs?clientId=${A.client.id}&pageSize=200${query}`, headers: A.recruiterAuth.headers })).json()
    .results as Log[];

describe('activity entries in words (summary)', () => {
  it('an application reads "<candidate> applied to <job title> – <city>, <state>", not "system · create application"', async () => {
    const job = await createJobViaApi(t.app, A.recruiterAuth.headers, A.client.id, { title: 'ICU Registered Nurse', city: 'Austin', state: 'TX' });
    const [cand] = await t.app.db
      .insert(candidates)
      .values({ clientId: A.client.id, firstName: 'Jordan', lastName: 'Rivera', email: `jordan-${Date.now()}@example.com`, source: 'careersite' })
      .returning();
    await logActivity(t.app.db, {
      actor: null,
      clientId: A.client.id,
      action: 'create',
      entity: 'application',
      entityId: 'app-1',
      changes: { jobId: job._id, candidateId: cand.id },
    });
    await logActivity(t.app.db, {
      actor: null,
      clientId: A.client.id,
      action: 'update',
      entity: 'application',
      entityId: 'app-2',
      changes: { jobId: job._id, candidateId: cand.id },
    });
    // A candidate who is gone (anonymised or merged away) still gets a sentence, never a code.
    await logActivity(t.app.db, {
      actor: null,
      clientId: A.client.id,
      action: 'create',
      entity: 'application',
      entityId: 'app-3',
      changes: { jobId: job._id, candidateId: '00000000-0000-4000-8000-000000000001' },
    });
    const rows = await list('&entity=application');
    const by = (id: string) => rows.find((r) => r.entityId === id)?.summary;
    expect(by('app-1')).toBe('Jordan Rivera applied to ICU Registered Nurse – Austin, TX');
    expect(by('app-2')).toBe('Jordan Rivera updated their application to ICU Registered Nurse – Austin, TX');
    expect(by('app-3')).toBe('The system created the application');
  });

  it('codes become words: the Harvest Plus role, the career-site design, a published page', async () => {
    const actor = { id: A.recruiter.id, email: A.recruiter.email } as Parameters<typeof logActivity>[1]['actor'];
    await logActivity(t.app.db, {
      actor,
      clientId: A.client.id,
      action: 'update',
      entity: 'user',
      entityId: 'u-1',
      changes: { userTypeHarvestPlus: { from: 'none', to: 'editor' } },
    });
    await logActivity(t.app.db, { actor, clientId: A.client.id, action: 'update', entity: 'pageDesign', entityId: 'd-1' });
    await logActivity(t.app.db, { actor, clientId: A.client.id, action: 'create', entity: 'publishedPage', entityId: 'p-1' });
    const rows = await list();
    const by = (id: string) => rows.find((r) => r.entityId === id)?.summary;
    expect(by('u-1')).toBe(`${A.recruiter.email} changed the user (Harvest Plus role)`);
    expect(by('d-1')).toBe(`${A.recruiter.email} changed the career-site design`);
    expect(by('p-1')).toBe(`${A.recruiter.email} created the published page`);
  });
});
