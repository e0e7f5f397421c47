import { INTERNAL_JOB_FIELDS, publicJob } from '@hh/contract/security';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, setupTestApp, type TestApp } from '../../test/helpers.ts';

/** Public replies carry only the public job fields (no internal field, and no draft or closed job, leaks to a visitor). */
let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
let open: { _id: string; url: string };
let draft: { _id: string; url: string };

beforeAll(async () => {
  t = await setupTestApp();
  A = await createTenant(t.app);
  const mk = async (body: object) => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/job/create',
      headers: A.staffAuth.headers,
      payload: {
        clientId: A.client.id,
        zipCode: '78701',
        recruiterEmail: 'rita@internal.example',
        recruiterName: 'Rita Recruiter',
        recruitersAssigned: ['rita@internal.example'],
        referenceNumber: `REF-${Math.random().toString(36).slice(2, 8)}`,
        ...body,
      },
    });
    expect(r.statusCode, r.body).toBe(201);
    return r.json();
  };
  open = await mk({ title: 'Nurse Secretive' });
  await mk({ title: 'Nurse Other' });
  draft = await mk({ title: 'Draft Secret Project', status: 'draft' });
});
afterAll(async () => t.close());

const noInternal = (o: Record<string, unknown>) => {
  for (const f of INTERNAL_JOB_FIELDS) expect(o, f).not.toHaveProperty(f);
  expect(JSON.stringify(o)).not.toContain('rita@internal.example');
};

describe('the contract', () => {
  it('publicJob names no internal field', () => {
    for (const f of INTERNAL_JOB_FIELDS) expect(Object.keys(publicJob.shape)).not.toContain(f);
  });
});

describe('public routes answer only public fields', () => {
  it('GET /api/search-jobs without sign-in', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/api/search-jobs?nameSlug=${A.client.nameSlug}` });
    expect(r.statusCode).toBe(200);
    expect(r.json().results.length).toBeGreaterThan(0);
    for (const j of r.json().results) noInternal(j);
  });

  it('GET /api/similar-jobs and /api/get-job', async () => {
    const s = await t.app.inject({ method: 'GET', url: `/api/similar-jobs?nameSlug=${A.client.nameSlug}&jobId=${open._id}` });
    expect(s.statusCode).toBe(200);
    for (const j of s.json().results) noInternal(j);
    const g = await t.app.inject({ method: 'GET', url: `/api/get-job?nameSlug=${A.client.nameSlug}&jobId=${open._id}` });
    expect(g.statusCode).toBe(200);
    noInternal(g.json());
  });

  it('a draft job is invisible: similar-jobs 404, get-job 404, its page and its redirect do not name it', async () => {
    const s = await t.app.inject({ method: 'GET', url: `/api/similar-jobs?nameSlug=${A.client.nameSlug}&jobId=${draft._id}` });
    expect(s.statusCode).toBe(404);
    const g = await t.app.inject({ method: 'GET', url: `/api/get-job?nameSlug=${A.client.nameSlug}&jobId=${draft._id}` });
    expect(g.statusCode).toBe(404);
    for (const url of [draft.url, `/${A.client.nameSlug}/job/${draft._id}`, `/job/${A.client.virtualAppName}/${draft._id}`]) {
      const p = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(p.statusCode, url).not.toBe(200);
      expect(`${p.headers.location ?? ''} ${p.body}`, url).not.toMatch(/draft-secret-project|Draft Secret Project/i);
    }
  });
});
