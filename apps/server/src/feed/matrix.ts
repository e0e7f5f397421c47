import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { MatrixEntry, MatrixFixture } from '../../test/matrix-types.ts';
import { jobs } from '../db/schema/jobs.ts';
import { signIndeedBody } from './receive-indeed-application.ts';

/** Who may call each /api route of the feed domain (CONVENTIONS §13). */
const signedIn = ['admin', 'recruiterA', 'staffA'] as const;
const everyone = ['anonymous', 'admin', 'recruiterA', 'staffA', 'recruiterB', 'staffB'] as const;
const MATRIX_SECRET = 'matrix-secret-123';

async function jobOfA(f: MatrixFixture) {
  const [job] = await f.app.db
    .insert(jobs)
    .values({ clientId: f.a.client.id, title: 'Matrix job', referenceNumber: `M-${randomBytes(5).toString('hex')}` })
    .returning();
  return job;
}

export const matrix: MatrixEntry[] = [
  {
    method: 'GET',
    route: '/api/client/get-by-slug-indeed-apply-questions',
    allowed: [...everyone],
    note: 'Public: the same JSON Indeed fetches from /media/indeed-apply/questions',
    request: async (f) => {
      await f.app.db.execute(
        sql`UPDATE clients SET default_indeed_apply_questions = '[{"id":"q1","type":"text","question":"Why?"}]'::jsonb WHERE id = ${f.a.client.id}`,
      );
      return { url: `/api/client/get-by-slug-indeed-apply-questions?nameSlug=${f.a.client.nameSlug}` };
    },
  },
  {
    method: 'GET',
    route: '/api/indeed-apply/settings',
    allowed: [...signedIn],
    request: (f) => ({ url: `/api/indeed-apply/settings?clientId=${f.a.client.id}` }),
  },
  {
    method: 'PUT',
    route: '/api/indeed-apply/questions-groups',
    allowed: [...signedIn],
    request: (f) => ({
      payload: { clientId: f.a.client.id, indeedApplyQuestionsGroups: [{ id: 'g1', questions: [{ id: 'q', type: 'text', question: 'Q?' }] }] },
    }),
  },
  {
    method: 'PUT',
    route: '/api/indeed-apply/default-questions',
    allowed: [...signedIn],
    request: (f) => ({ payload: { clientId: f.a.client.id, defaultIndeedApplyQuestions: [{ id: 'q', type: 'text', question: 'Q?' }] } }),
  },
  {
    method: 'PUT',
    route: '/api/indeed-apply/credentials',
    allowed: [...signedIn],
    request: (f) => ({ payload: { clientId: f.a.client.id, apiToken: 'matrix-token-1' } }),
  },
  {
    method: 'GET',
    route: '/api/feed/job-planning',
    allowed: [...signedIn],
    request: (f) => ({ url: `/api/feed/job-planning?clientId=${f.a.client.id}` }),
  },
  {
    method: 'PATCH',
    route: '/api/feed/job-planning',
    allowed: [...signedIn],
    request: async (f) => ({ payload: { clientId: f.a.client.id, jobId: (await jobOfA(f)).id, budget: '125.00' } }),
  },
  {
    method: 'POST',
    route: '/api/indeed-apply/:nameSlug',
    allowed: [...everyone],
    note: 'Public: Indeed posts here; the X-Indeed-Signature (HMAC-SHA1 with the client secret) is the access check',
    request: async (f) => {
      await f.app.db.execute(sql`UPDATE clients SET indeed_api_secret = ${MATRIX_SECRET} WHERE id = ${f.a.client.id}`);
      const job = await jobOfA(f);
      const tag = randomBytes(5).toString('hex');
      const body = JSON.stringify({ id: `matrix-${tag}`, job: { jobId: job.id }, applicant: { fullName: 'Matrix Person', email: `m-${tag}@test.example` } });
      return {
        url: `/api/indeed-apply/${f.a.client.nameSlug}`,
        payload: body,
        headers: { 'content-type': 'application/json', 'x-indeed-signature': signIndeedBody(body, MATRIX_SECRET) },
      };
    },
  },
];
