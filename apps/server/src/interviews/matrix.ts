import { randomBytes } from 'node:crypto';
import type { MatrixEntry, MatrixFixture, MatrixRole } from '../../test/matrix-types.ts';
import { applications, candidates } from '../db/schema/candidates.ts';
import { interviewInterviewers, interviews, scorecardAttributes } from '../db/schema/interviews.ts';
import { jobs } from '../db/schema/jobs.ts';

/** Who may call each interviews route. */
const tenantA: MatrixRole[] = ['admin', 'recruiterA', 'staffA'];
const uid = () => randomBytes(4).toString('hex');

/** A job of tenant A with one interview (tenant A's staff member on it), one attribute and one application. */
async function planA(f: MatrixFixture) {
  const clientId = f.a.client.id;
  const [job] = await f.app.db
    .insert(jobs)
    .values({ clientId, title: `Matrix job ${uid()}`, referenceNumber: `M-${uid()}` })
    .returning();
  const [iv] = await f.app.db.insert(interviews).values({ clientId, jobId: job.id, name: 'Panel', durationMinutes: 45 }).returning();
  await f.app.db.insert(interviewInterviewers).values({ clientId, interviewId: iv.id, userId: f.a.staff.id });
  const [attr] = await f.app.db.insert(scorecardAttributes).values({ clientId, jobId: job.id, category: 'skills', name: 'Triage' }).returning();
  const [cand] = await f.app.db
    .insert(candidates)
    .values({ clientId, email: `m-${uid()}@test.example`, firstName: 'Matrix', lastName: 'Candidate' })
    .returning();
  const [app] = await f.app.db.insert(applications).values({ clientId, candidateId: cand.id, jobId: job.id }).returning();
  return { job, iv, attr, app };
}

export const matrix: MatrixEntry[] = [
  {
    method: 'GET',
    route: '/api/jobs/:jobId/interview-plan',
    allowed: tenantA,
    request: async (f) => ({ url: `/api/jobs/${(await planA(f)).job.id}/interview-plan?clientId=${f.a.client.id}` }),
  },
  {
    method: 'PUT',
    route: '/api/jobs/:jobId/interview-plan',
    allowed: tenantA,
    request: async (f) => {
      const p = await planA(f);
      return {
        url: `/api/jobs/${p.job.id}/interview-plan`,
        payload: {
          clientId: f.a.client.id,
          interviews: [{ id: p.iv.id, name: 'Panel', durationMinutes: 60, interviewerIds: [f.a.staff.id] }],
          attributes: [{ id: p.attr.id, category: 'skills', name: 'Triage' }],
        },
      };
    },
  },
  {
    // Only an interviewer on the interview may submit its scorecard: the admin and the recruiter are not on it (403).
    method: 'POST',
    route: '/api/scorecards',
    allowed: ['staffA'],
    request: async (f) => {
      const p = await planA(f);
      return {
        payload: {
          clientId: f.a.client.id,
          applicationId: p.app.id,
          interviewId: p.iv.id,
          ratings: [{ attributeId: p.attr.id, rating: 'yes' }],
          overall: 'yes',
        },
      };
    },
  },
  {
    method: 'GET',
    route: '/api/applications/:id/scorecards',
    allowed: tenantA,
    request: async (f) => ({ url: `/api/applications/${(await planA(f)).app.id}/scorecards?clientId=${f.a.client.id}` }),
  },
  {
    method: 'POST',
    route: '/api/applications/:id/feedback-requests',
    allowed: tenantA,
    request: async (f) => ({ url: `/api/applications/${(await planA(f)).app.id}/feedback-requests`, payload: { clientId: f.a.client.id } }),
  },
  { method: 'GET', route: '/api/my-interviews', allowed: tenantA, request: (f) => ({ url: `/api/my-interviews?clientId=${f.a.client.id}` }) },
];
