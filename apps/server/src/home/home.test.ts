import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, setupTestApp, type TestApp } from '../../test/helpers.ts';
import { applications, candidates } from '../db/schema/candidates.ts';
import { jobImports, jobs } from '../db/schema/jobs.ts';
import { waveProfiles } from '../db/schema/wave.ts';

let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
let B: Awaited<ReturnType<typeof createTenant>>;

beforeAll(async () => {
  t = await setupTestApp();
  A = await createTenant(t.app);
  B = await createTenant(t.app);
});
afterAll(async () => t.close());

const uid = () => Math.random().toString(36).slice(2, 8);

async function seedTenant(clientId: string, opts: { oldApplicant: Date }) {
  const db = t.app.db;
  const [open] = await db
    .insert(jobs)
    .values({ clientId, title: 'Nurse', referenceNumber: `R-${uid()}`, status: 'open' })
    .returning();
  await db.insert(jobs).values({ clientId, title: 'Closed one', referenceNumber: `R-${uid()}`, status: 'closed' });
  const people = await db
    .insert(candidates)
    .values([0, 1, 2].map(() => ({ clientId, email: `c-${uid()}@test.example` })))
    .returning();
  await db.insert(applications).values([
    { clientId, candidateId: people[0].id, jobId: open.id },
    { clientId, candidateId: people[1].id, jobId: open.id },
    { clientId, candidateId: people[2].id, jobId: open.id, createdAt: opts.oldApplicant },
  ]);
  await db.insert(waveProfiles).values([
    { clientId, ownerEmail: `w-${uid()}@test.example`, status: 'Pending Review' },
    { clientId, ownerEmail: `w-${uid()}@test.example`, status: 'In Progress' },
  ]);
  await db.insert(jobImports).values([
    { clientId, source: 'file', status: 'failed' },
    { clientId, source: 'file', status: 'succeeded' },
  ]);
}

describe('GET /api/home/work-queue', () => {
  it("counts the client's new applicants since the last visit, open jobs, profiles to review, unread conversations and failed imports", async () => {
    const lastVisit = new Date(Date.now() - 60 * 60 * 1000);
    await seedTenant(A.client.id, { oldApplicant: new Date(lastVisit.getTime() - 60_000) });
    await seedTenant(B.client.id, { oldApplicant: new Date() });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/home/work-queue?clientId=${A.client.id}&since=${encodeURIComponent(lastVisit.toISOString())}`,
      headers: A.staffAuth.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      since: lastVisit.toISOString(),
      newApplicants: 2,
      openJobs: 1,
      profilesAwaitingReview: 1,
      unreadConversations: 0,
      failedImports: 1,
    });
    // Without `since`: the last 7 days, so the older applicant counts too.
    const week = await t.app.inject({ method: 'GET', url: `/api/home/work-queue?clientId=${A.client.id}`, headers: A.recruiterAuth.headers });
    expect(week.json().newApplicants).toBe(3);
  });

  it("refuses another tenant's client with 404 and a malformed since with 400", async () => {
    const other = await t.app.inject({ method: 'GET', url: `/api/home/work-queue?clientId=${A.client.id}`, headers: B.staffAuth.headers });
    expect(other.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: `/api/home/work-queue?clientId=${A.client.id}&since=yesterday`, headers: A.staffAuth.headers });
    expect(bad.statusCode).toBe(400);
  });
});
