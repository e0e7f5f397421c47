import { randomBytes, randomUUID } from 'node:crypto';
import type { MatrixEntry, MatrixFixture, MatrixRole } from '../../test/matrix-types.ts';
import { applications, candidates } from '../db/schema/candidates.ts';
import { users } from '../db/schema/core.ts';
import { interviewInterviewers, interviews } from '../db/schema/interviews.ts';
import { jobs } from '../db/schema/jobs.ts';
import { schedulingLinks } from '../db/schema/scheduling.ts';
import { newLinkToken } from './link-token.ts';

/** Who may call each scheduling route. */
const tenantA: MatrixRole[] = ['admin', 'recruiterA', 'staffA'];
const everyone: MatrixRole[] = ['anonymous', 'admin', 'recruiterA', 'staffA', 'recruiterB', 'staffB'];
const uid = () => randomBytes(4).toString('hex');

/** A job of tenant A with one interview (a fresh interviewer of A on it, so bookings of one run never crowd another's) and one application. */
async function planA(f: MatrixFixture) {
  const clientId = f.a.client.id;
  const [job] = await f.app.db
    .insert(jobs)
    .values({ clientId, title: `Matrix job ${uid()}`, referenceNumber: `S-${uid()}` })
    .returning();
  const [iv] = await f.app.db.insert(interviews).values({ clientId, jobId: job.id, name: 'Screen', durationMinutes: 30 }).returning();
  const [person] = await f.app.db
    .insert(users)
    .values({ email: `s-${uid()}@matrix.example`, firstName: 'Ivy', lastName: 'Interviewer', clientId })
    .returning();
  await f.app.db.insert(interviewInterviewers).values({ clientId, interviewId: iv.id, userId: person.id });
  const [cand] = await f.app.db
    .insert(candidates)
    .values({ clientId, email: `s-${uid()}@test.example`, firstName: 'Matrix', lastName: 'Candidate' })
    .returning();
  const [app] = await f.app.db.insert(applications).values({ clientId, candidateId: cand.id, jobId: job.id }).returning();
  return { job, iv, app };
}

/** A link of tenant A and its token (written directly: the matrix checks who may call, not sending). */
async function linkA(f: MatrixFixture) {
  return (await linkRowA(f)).token;
}
async function linkRowA(f: MatrixFixture) {
  const p = await planA(f);
  const id = randomUUID();
  const { token, secretHash } = newLinkToken(f.a.client.id, id);
  const now = new Date();
  await f.app.db.insert(schedulingLinks).values({
    clientId: f.a.client.id,
    id,
    applicationId: p.app.id,
    interviewId: p.iv.id,
    secretHash,
    windowStart: now,
    windowEnd: new Date(now.getTime() + 14 * 86_400_000),
    expiresAt: new Date(now.getTime() + 14 * 86_400_000),
  });
  return { token, id, appId: p.app.id, ivId: p.iv.id };
}

async function slotsOf(f: MatrixFixture, token: string): Promise<{ start: string }[]> {
  return (await f.app.inject({ method: 'GET', url: `/api/scheduling/${token}` })).json().slots;
}

/** A booked link: its token and another time it may move to. */
async function bookedA(f: MatrixFixture) {
  const { token, id, appId } = await linkRowA(f);
  const [first, second] = await slotsOf(f, token);
  const res = await f.app.inject({ method: 'POST', url: `/api/scheduling/${token}/book`, payload: { start: first.start, timeZone: 'UTC' } });
  if (res.statusCode !== 201) throw new Error(`matrix booking failed: ${res.body}`);
  return { token, other: second.start, linkUrl: `/api/applications/${appId}/scheduling-links/${id}` };
}

export const matrix: MatrixEntry[] = [
  {
    method: 'POST',
    route: '/api/applications/:id/scheduling-links',
    allowed: tenantA,
    request: async (f) => {
      const p = await planA(f);
      return { url: `/api/applications/${p.app.id}/scheduling-links`, payload: { clientId: f.a.client.id, interviewId: p.iv.id, windowDays: 7 } };
    },
  },
  {
    method: 'GET',
    route: '/api/applications/:id/scheduled-interviews',
    allowed: tenantA,
    request: async (f) => ({ url: `/api/applications/${(await planA(f)).app.id}/scheduled-interviews?clientId=${f.a.client.id}` }),
  },
  {
    method: 'GET',
    route: '/api/my-scheduled-interviews',
    allowed: tenantA,
    request: (f) => ({ url: `/api/my-scheduled-interviews?clientId=${f.a.client.id}` }),
  },
  {
    method: 'GET',
    route: '/api/applications/:id/free-times',
    allowed: tenantA,
    request: async (f) => {
      const p = await planA(f);
      return { url: `/api/applications/${p.app.id}/free-times?clientId=${f.a.client.id}&interviewId=${p.iv.id}&days=7` };
    },
  },
  {
    method: 'POST',
    route: '/api/applications/:id/proposed-times',
    allowed: tenantA,
    request: async (f) => {
      // The free times of a fresh interviewer, read from a link's page (every role proposes on its own fresh plan).
      const l = await linkRowA(f);
      const starts = (await slotsOf(f, l.token)).slice(0, 3).map((s) => s.start);
      return { url: `/api/applications/${l.appId}/proposed-times`, payload: { clientId: f.a.client.id, interviewId: l.ivId, starts, timeZone: 'UTC' } };
    },
  },
  {
    method: 'GET',
    route: '/api/applications/:id/scheduling-links/:linkId/times',
    allowed: tenantA,
    request: async (f) => ({ url: `${(await bookedA(f)).linkUrl}/times?clientId=${f.a.client.id}` }),
  },
  {
    method: 'POST',
    route: '/api/applications/:id/scheduling-links/:linkId/move',
    allowed: tenantA,
    request: async (f) => {
      const b = await bookedA(f);
      return { url: `${b.linkUrl}/move`, payload: { clientId: f.a.client.id, start: b.other, timeZone: 'UTC' } };
    },
  },
  {
    method: 'POST',
    route: '/api/applications/:id/scheduling-links/:linkId/cancel',
    allowed: tenantA,
    request: async (f) => ({ url: `${(await bookedA(f)).linkUrl}/cancel`, payload: { clientId: f.a.client.id } }),
  },
  { method: 'GET', route: '/api/scheduling/:token', allowed: everyone, request: async (f) => ({ url: `/api/scheduling/${await linkA(f)}` }) },
  {
    method: 'POST',
    route: '/api/scheduling/:token/book',
    allowed: everyone,
    request: async (f) => {
      const token = await linkA(f);
      const [first] = await slotsOf(f, token);
      return { url: `/api/scheduling/${token}/book`, payload: { start: first.start, timeZone: 'Europe/Berlin' } };
    },
  },
  {
    method: 'POST',
    route: '/api/scheduling/:token/reschedule',
    allowed: everyone,
    request: async (f) => {
      const b = await bookedA(f);
      return { url: `/api/scheduling/${b.token}/reschedule`, payload: { start: b.other, timeZone: 'UTC' } };
    },
  },
  {
    method: 'POST',
    route: '/api/scheduling/:token/cancel',
    allowed: everyone,
    request: async (f) => ({ url: `/api/scheduling/${(await bookedA(f)).token}/cancel`, payload: {} }),
  },
];
