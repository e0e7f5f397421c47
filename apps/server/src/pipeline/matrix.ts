import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { jobOfA } from '../../test/matrix-fixtures.ts';
import type { MatrixEntry, MatrixFixture } from '../../test/matrix-types.ts';
import { candidates } from '../db/schema/candidates.ts';
import { pipelineTemplates, rejectionEmails } from '../db/schema/pipeline.ts';
import { ensureReasons } from './reasons.ts';
import { ensureJobStages } from './stages.ts';

/** Who may call each pipeline route (docs/pipeline.md "Rights"): A's staff, its recruiter and admins. Requests target tenant A. */
const tenantA = ['admin', 'recruiterA', 'staffA'] as const;
const rand = () => randomBytes(4).toString('hex');

/** A fresh application of tenant A (its job, its candidate), staged. */
async function applicationOfA(f: MatrixFixture) {
  const job = await jobOfA(f);
  const [c] = await f.app.db
    .insert(candidates)
    .values({ clientId: f.a.client.id, firstName: 'Pip', lastName: `Line ${rand()}`, email: `pl-${rand()}@cand.example` })
    .returning();
  const r = await f.app.db.execute<{ id: string }>(
    sql`INSERT INTO applications (client_id, candidate_id, job_id) VALUES (${f.a.client.id}, ${c.id}, ${job.id}) RETURNING id`,
  );
  const stages = await ensureJobStages({ db: f.app.db }, { clientId: f.a.client.id, jobId: job.id });
  return { id: r.rows[0].id, job, stages, candidateId: c.id };
}
async function templateOfA(f: MatrixFixture) {
  const [t] = await f.app.db
    .insert(pipelineTemplates)
    .values({ clientId: f.a.client.id, name: `Tpl ${rand()}`, stages: [{ name: 'Applied', kind: 'applied' }] })
    .returning();
  return t;
}
const reasonOfA = async (f: MatrixFixture) => (await ensureReasons(f.app.db, f.a.client.id))[0].id;

export const matrix: MatrixEntry[] = [
  {
    method: 'GET',
    route: '/api/jobs/:jobId/pipeline',
    allowed: [...tenantA],
    request: async (f) => ({ url: `/api/jobs/${(await jobOfA(f)).id}/pipeline?clientId=${f.a.client.id}` }),
  },
  {
    method: 'PUT',
    route: '/api/jobs/:jobId/pipeline',
    allowed: [...tenantA],
    request: async (f) => ({
      url: `/api/jobs/${(await jobOfA(f)).id}/pipeline`,
      payload: {
        clientId: f.a.client.id,
        stages: [
          { name: 'Applied', kind: 'applied' },
          { name: 'Hired', kind: 'hired' },
        ],
      },
    }),
  },
  {
    method: 'POST',
    route: '/api/jobs/:jobId/pipeline/apply-template',
    allowed: [...tenantA],
    request: async (f) => ({
      url: `/api/jobs/${(await jobOfA(f)).id}/pipeline/apply-template`,
      payload: { clientId: f.a.client.id, templateId: (await templateOfA(f)).id },
    }),
  },
  { method: 'GET', route: '/api/pipeline-templates', allowed: [...tenantA], request: (f) => ({ url: `/api/pipeline-templates?clientId=${f.a.client.id}` }) },
  {
    method: 'POST',
    route: '/api/pipeline-templates',
    allowed: [...tenantA],
    request: (f) => ({ payload: { clientId: f.a.client.id, name: `New ${rand()}`, stages: [{ name: 'Applied', kind: 'applied' }] } }),
  },
  {
    method: 'PUT',
    route: '/api/pipeline-templates/:id',
    allowed: [...tenantA],
    request: async (f) => ({
      url: `/api/pipeline-templates/${(await templateOfA(f)).id}`,
      payload: { clientId: f.a.client.id, name: `Renamed ${rand()}`, stages: [{ name: 'Applied', kind: 'applied' }] },
    }),
  },
  {
    method: 'DELETE',
    route: '/api/pipeline-templates/:id',
    allowed: [...tenantA],
    request: async (f) => ({ url: `/api/pipeline-templates/${(await templateOfA(f)).id}?clientId=${f.a.client.id}` }),
  },
  { method: 'GET', route: '/api/applications', allowed: [...tenantA], request: (f) => ({ url: `/api/applications?clientId=${f.a.client.id}` }) },
  {
    method: 'PATCH',
    route: '/api/applications/:id/stage',
    allowed: [...tenantA],
    request: async (f) => {
      const a = await applicationOfA(f);
      return { url: `/api/applications/${a.id}/stage`, payload: { clientId: f.a.client.id, stageId: a.stages[1].id } };
    },
  },
  {
    method: 'POST',
    route: '/api/applications/advance',
    allowed: [...tenantA],
    request: async (f) => ({ payload: { clientId: f.a.client.id, applicationIds: [(await applicationOfA(f)).id] } }),
  },
  {
    method: 'POST',
    route: '/api/applications/reject',
    allowed: [...tenantA],
    request: async (f) => ({ payload: { clientId: f.a.client.id, applicationIds: [(await applicationOfA(f)).id], reasonId: await reasonOfA(f) } }),
  },
  {
    method: 'POST',
    route: '/api/applications/reopen',
    allowed: [...tenantA],
    request: async (f) => ({ payload: { clientId: f.a.client.id, applicationIds: [(await applicationOfA(f)).id] } }),
  },
  {
    method: 'POST',
    route: '/api/applications/withdraw',
    allowed: [...tenantA],
    request: async (f) => ({ payload: { clientId: f.a.client.id, applicationIds: [(await applicationOfA(f)).id] } }),
  },
  {
    method: 'GET',
    route: '/api/applications/rejection-emails',
    allowed: [...tenantA],
    request: (f) => ({ url: `/api/applications/rejection-emails?clientId=${f.a.client.id}` }),
  },
  {
    method: 'POST',
    route: '/api/applications/rejection-emails/:id/cancel',
    allowed: [...tenantA],
    request: async (f) => {
      const a = await applicationOfA(f);
      const [e] = await f.app.db
        .insert(rejectionEmails)
        .values({
          clientId: f.a.client.id,
          applicationId: a.id,
          candidateId: a.candidateId,
          toEmail: 'x@cand.example',
          subject: 'Your application',
          body: 'Thank you',
          sendAt: new Date(Date.now() + 86_400_000),
        })
        .returning();
      return { url: `/api/applications/rejection-emails/${e.id}/cancel`, payload: { clientId: f.a.client.id } };
    },
  },
  { method: 'GET', route: '/api/rejection-reasons', allowed: [...tenantA], request: (f) => ({ url: `/api/rejection-reasons?clientId=${f.a.client.id}` }) },
  {
    method: 'PUT',
    route: '/api/rejection-reasons',
    allowed: [...tenantA],
    request: (f) => ({ payload: { clientId: f.a.client.id, reasons: [{ label: `Reason ${rand()}` }] } }),
  },
];
