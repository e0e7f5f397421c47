import { jobOfA } from '../../test/matrix-fixtures.ts';
import type { MatrixEntry, MatrixFixture, MatrixRole } from '../../test/matrix-types.ts';
import { prequalificationQuestions } from '../db/schema/jobs.ts';

/** Who may call each prequalification-question route (read by client members, changed by harvest editors). */
const tenantA: MatrixRole[] = ['admin', 'recruiterA', 'staffA'];

async function questionsA(f: MatrixFixture) {
  const j = await jobOfA(f);
  const [q] = await f.app.db
    .insert(prequalificationQuestions)
    .values({ clientId: f.a.client.id, jobId: j.id, questions: [{ id: 'q1', question: 'Licensed?', type: 'yesno', options: [], required: true }] })
    .returning();
  return q;
}

export const matrix: MatrixEntry[] = [
  // Prequalification questions
  {
    method: 'GET',
    route: '/api/prequalification-questions',
    allowed: tenantA,
    request: (f) => ({ url: `/api/prequalification-questions?clientId=${f.a.client.id}` }),
  },
  {
    method: 'POST',
    route: '/api/prequalification-questions/create',
    allowed: tenantA,
    request: async (f) => ({ payload: { clientId: f.a.client.id, jobId: (await jobOfA(f)).id, questions: [{ question: 'Licensed?' }] } }),
  },
  {
    method: 'PUT',
    route: '/api/prequalification-questions/update',
    allowed: tenantA,
    request: async (f) => ({ payload: { clientId: f.a.client.id, _id: (await questionsA(f)).id, questions: [{ question: 'Shift?', type: 'text' }] } }),
  },
  {
    method: 'DELETE',
    route: '/api/prequalification-questions-delete',
    allowed: tenantA,
    request: async (f) => ({ url: `/api/prequalification-questions-delete?clientId=${f.a.client.id}&id=${(await questionsA(f)).id}` }),
  },
];
