import { randomBytes } from 'node:crypto';
import type { MatrixEntry, MatrixFixture, MatrixRole } from '../../test/matrix-types.ts';
import { eq } from 'drizzle-orm';
import { clients } from '../db/schema/core.ts';
import { departments, jobCategories, jobImports, jobs, prequalificationQuestions } from '../db/schema/jobs.ts';
import { evictClient } from '../plugins/session-cache.ts';

/** Who may call each jobs, departments, categories, prequalification and location route (issue 3). */
const tenantA: MatrixRole[] = ['admin', 'recruiterA', 'staffA'];
const everyone: MatrixRole[] = ['anonymous', 'admin', 'recruiterA', 'staffA', 'recruiterB', 'staffB'];
const uid = () => randomBytes(4).toString('hex');

async function jobA(f: MatrixFixture, extra: Partial<typeof jobs.$inferInsert> = {}) {
  const [j] = await f.app.db
    .insert(jobs)
    .values({
      clientId: f.a.client.id,
      title: 'Matrix Nurse',
      referenceNumber: `M-${uid()}`,
      zipCode: '78701',
      city: 'Austin',
      state: 'TX',
      lat: 30.27,
      lng: -97.74,
      ...extra,
    })
    .returning();
  return j;
}
async function departmentA(f: MatrixFixture) {
  const [d] = await f.app.db
    .insert(departments)
    .values({ clientId: f.a.client.id, name: `Dept ${uid()}` })
    .returning();
  return d;
}
async function categoryA(f: MatrixFixture) {
  const [c] = await f.app.db
    .insert(jobCategories)
    .values({ clientId: f.a.client.id, name: `Cat ${uid()}` })
    .returning();
  return c;
}
async function questionsA(f: MatrixFixture) {
  const j = await jobA(f);
  const [q] = await f.app.db
    .insert(prequalificationQuestions)
    .values({ clientId: f.a.client.id, jobId: j.id, questions: [{ id: 'q1', question: 'Licensed?', type: 'yesno', options: [], required: true }] })
    .returning();
  return q;
}

function csvUpload(clientId: string) {
  const boundary = `----m${uid()}`;
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="clientId"\r\n\r\n${clientId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="jobs.csv"\r\nContent-Type: text/csv\r\n\r\ntitle,referenceNumber\nX,M-${uid()}\r\n--${boundary}--\r\n`,
  );
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const matrix: MatrixEntry[] = [
  // Imports (the queued work itself is tested in import.test.ts)
  { method: 'POST', route: '/api/job/import', allowed: tenantA, request: (f) => csvUpload(f.a.client.id) },
  {
    method: 'POST',
    route: '/api/job/import-feed',
    allowed: tenantA,
    request: async (f) => {
      await f.app.db.update(clients).set({ jobsFeedUrl: 'http://127.0.0.1:9/feed.xml' }).where(eq(clients.id, f.a.client.id));
      evictClient(f.app.db, f.a.client.id); // as the app's own writes do; the NOTIFY eviction arrives a moment later
      return { payload: { clientId: f.a.client.id } };
    },
  },
  { method: 'GET', route: '/api/job/imports', allowed: tenantA, request: (f) => ({ url: `/api/job/imports?clientId=${f.a.client.id}` }) },
  {
    method: 'GET',
    route: '/api/job/imports/:id',
    allowed: tenantA,
    request: async (f) => {
      const [row] = await f.app.db.insert(jobImports).values({ clientId: f.a.client.id, source: 'file', status: 'succeeded' }).returning();
      return { url: `/api/job/imports/${row.id}?clientId=${f.a.client.id}` };
    },
  },

  // Portal: job management
  { method: 'GET', route: '/api/job/list-by-client-id', allowed: tenantA, request: (f) => ({ url: `/api/job/list-by-client-id?clientId=${f.a.client.id}` }) },
  {
    method: 'GET',
    route: '/api/job/get-by-id',
    allowed: tenantA,
    request: async (f) => ({ url: `/api/job/get-by-id?clientId=${f.a.client.id}&jobId=${(await jobA(f)).id}` }),
  },
  { method: 'POST', route: '/api/job/create', allowed: tenantA, request: (f) => ({ payload: { clientId: f.a.client.id, title: 'Created in matrix' } }) },
  {
    method: 'PATCH',
    route: '/api/job/update',
    allowed: tenantA,
    request: async (f) => ({ payload: { clientId: f.a.client.id, _id: (await jobA(f)).id, title: 'Renamed' } }),
  },
  {
    method: 'POST',
    route: '/api/job/bulk-close',
    allowed: tenantA,
    request: async (f) => ({ payload: { clientId: f.a.client.id, jobIds: [(await jobA(f)).id] } }),
  },
  {
    method: 'GET',
    route: '/api/get-recruiters-assigned',
    allowed: tenantA,
    request: (f) => ({ url: `/api/get-recruiters-assigned?clientId=${f.a.client.id}` }),
  },
  { method: 'GET', route: '/api/job/mvp', allowed: tenantA, request: (f) => ({ url: `/api/job/mvp?clientId=${f.a.client.id}` }) },
  {
    method: 'GET',
    route: '/api/job/mvp-get-by-id',
    allowed: tenantA,
    request: async (f) => {
      const j = await jobA(f, { adid: `ad${uid()}` });
      return { url: `/api/job/mvp-get-by-id?clientId=${f.a.client.id}&adid=${j.adid}` };
    },
  },
  {
    method: 'PATCH',
    route: '/api/job/mvp-update',
    allowed: tenantA,
    request: async (f) => ({ payload: { clientId: f.a.client.id, _id: (await jobA(f)).id, budget: '10.00' } }),
  },
  { method: 'POST', route: '/api/job/mvp-set-client-ids', allowed: tenantA, request: (f) => ({ payload: { clientId: f.a.client.id } }) },
  { method: 'GET', route: '/api/jobs/dashboard', allowed: tenantA, request: (f) => ({ url: `/api/jobs/dashboard?clientId=${f.a.client.id}` }) },
  { method: 'POST', route: '/api/analytics', allowed: tenantA, request: (f) => ({ payload: { clientId: f.a.client.id, days: 7 } }) },

  // Public career-site and job-board calls
  { method: 'GET', route: '/api/jobs/container', allowed: everyone, request: (f) => ({ url: `/api/jobs/container?nameSlug=${f.a.client.nameSlug}` }) },
  { method: 'GET', route: '/api/search-jobs', allowed: everyone, request: (f) => ({ url: `/api/search-jobs?nameSlug=${f.a.client.nameSlug}&keywords=nurse` }) },
  { method: 'GET', route: '/api/jobs-summary/:id', allowed: everyone, request: (f) => ({ url: `/api/jobs-summary/${f.a.client.id}` }) },
  {
    method: 'GET',
    route: '/api/get-job',
    allowed: everyone,
    request: async (f) => ({ url: `/api/get-job?nameSlug=${f.a.client.nameSlug}&jobId=${(await jobA(f)).id}` }),
  },
  {
    method: 'GET',
    route: '/api/similar-jobs',
    allowed: everyone,
    request: async (f) => ({ url: `/api/similar-jobs?nameSlug=${f.a.client.nameSlug}&jobId=${(await jobA(f)).id}` }),
  },
  {
    method: 'GET',
    route: '/api/jobs/location-suggestions',
    allowed: everyone,
    request: (f) => ({ url: `/api/jobs/location-suggestions?nameSlug=${f.a.client.nameSlug}&query=aus` }),
  },
  { method: 'GET', route: '/api/validate-zipcode', allowed: everyone, request: () => ({ url: '/api/validate-zipcode?zipcode=78701' }) },
  { method: 'GET', route: '/api/search-address/:clientId', allowed: everyone, request: (f) => ({ url: `/api/search-address/${f.a.client.id}?query=Austin` }) },

  // Portal: locations from the gazetteer
  {
    method: 'GET',
    route: '/api/location-suggestions',
    allowed: tenantA,
    request: (f) => ({ url: `/api/location-suggestions?clientId=${f.a.client.id}&city=Aus` }),
  },
  {
    method: 'GET',
    route: '/api/crm/location-suggestions',
    allowed: tenantA,
    request: (f) => ({ url: `/api/crm/location-suggestions?clientId=${f.a.client.id}&query=Aus` }),
  },

  // Departments and categories
  { method: 'GET', route: '/api/departments', allowed: tenantA, request: (f) => ({ url: `/api/departments?clientId=${f.a.client.id}` }) },
  {
    method: 'GET',
    route: '/api/departments/get-by-client-id',
    allowed: tenantA,
    request: (f) => ({ url: `/api/departments/get-by-client-id?clientId=${f.a.client.id}` }),
  },
  {
    method: 'GET',
    route: '/api/departments/get-by-category-ids',
    allowed: tenantA,
    request: async (f) => ({ url: `/api/departments/get-by-category-ids?clientId=${f.a.client.id}&categoryIds=${(await categoryA(f)).id}` }),
  },
  {
    method: 'GET',
    route: '/api/departments/get-by-ids',
    allowed: tenantA,
    request: async (f) => ({ url: `/api/departments/get-by-ids?clientId=${f.a.client.id}&departmentIds=${(await departmentA(f)).id}` }),
  },
  { method: 'POST', route: '/api/departments/create', allowed: tenantA, request: (f) => ({ payload: { clientId: f.a.client.id, name: `New ${uid()}` } }) },
  {
    method: 'PATCH',
    route: '/api/departments/update',
    allowed: tenantA,
    request: async (f) => ({ payload: { clientId: f.a.client.id, _id: (await departmentA(f)).id, name: `Renamed ${uid()}` } }),
  },
  {
    method: 'DELETE',
    route: '/api/departments/delete',
    allowed: tenantA,
    request: async (f) => ({ url: `/api/departments/delete?clientId=${f.a.client.id}&departmentId=${(await departmentA(f)).id}` }),
  },
  {
    method: 'GET',
    route: '/api/departments/get-associated-categories',
    allowed: tenantA,
    request: (f) => ({ url: `/api/departments/get-associated-categories?clientId=${f.a.client.id}` }),
  },
  { method: 'GET', route: '/api/categories', allowed: tenantA, request: (f) => ({ url: `/api/categories?clientId=${f.a.client.id}` }) },
  { method: 'POST', route: '/api/categories/save', allowed: tenantA, request: (f) => ({ payload: { clientId: f.a.client.id, name: `Cat ${uid()}` } }) },
  {
    method: 'DELETE',
    route: '/api/categories/delete',
    allowed: tenantA,
    request: async (f) => ({ url: `/api/categories/delete?clientId=${f.a.client.id}&id=${(await categoryA(f)).id}` }),
  },

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
    request: async (f) => ({ payload: { clientId: f.a.client.id, jobId: (await jobA(f)).id, questions: [{ question: 'Licensed?' }] } }),
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
