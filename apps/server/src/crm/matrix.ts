import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { MatrixEntry, MatrixFixture } from '../../test/matrix-types.ts';
import { duplicatesMatrix } from './duplicates/matrix.ts';
import { campaigns, candidateAlerts, candidateListMembers, candidateLists, candidates } from '../db/schema/candidates.ts';
import { signUnsubscribeToken } from './campaigns/unsubscribe-token.ts';
import { privacyMatrix } from './privacy/matrix.ts';

/** Who may call each CRM route (docs/permissions.md "Candidates"). Requests target tenant A. */
const tenantA = ['admin', 'recruiterA', 'staffA'] as const;
const rand = () => randomBytes(4).toString('hex');

async function candidateOfA(f: MatrixFixture) {
  const [c] = await f.app.db
    .insert(candidates)
    .values({ clientId: f.a.client.id, firstName: 'Mat', lastName: `Rix ${rand()}`, email: `mx-${rand()}@cand.example` })
    .returning();
  return c;
}

async function jobOfA(f: MatrixFixture): Promise<string> {
  const r = await f.app.db.execute<{ id: string }>(sql`SELECT id FROM jobs WHERE client_id = ${f.a.client.id} AND status = 'open' LIMIT 1`);
  if (r.rows[0]) return r.rows[0].id;
  const ins = await f.app.db.execute<{ id: string }>(
    sql`INSERT INTO jobs (client_id, title, reference_number, status) VALUES (${f.a.client.id}, 'Matrix job', ${`MX-${rand()}`}, 'open') RETURNING id`,
  );
  return ins.rows[0].id;
}

async function resumeOfA(f: MatrixFixture): Promise<string> {
  const c = await candidateOfA(f);
  const job = await jobOfA(f);
  const key = `resumes/${f.a.client.id}/${rand()}.txt`;
  await f.app.storage.put(key, Buffer.from('Resume text'), 'text/plain');
  await f.app.db.execute(sql`INSERT INTO applications (client_id, candidate_id, job_id, resume_key, resume_name, resume_content_type)
    VALUES (${f.a.client.id}, ${c.id}, ${job}, ${key}, 'cv.txt', 'text/plain; charset=utf-8')`);
  return key;
}

async function listOfA(f: MatrixFixture) {
  const [l] = await f.app.db
    .insert(candidateLists)
    .values({ clientId: f.a.client.id, name: `List ${rand()}`, recruiterEmail: 'r@x.example' })
    .returning();
  return l;
}

/** A draft campaign of A to a list of one candidate, with a subject and a body (ready to send). */
async function campaignOfA(f: MatrixFixture) {
  const l = await listOfA(f);
  const c = await candidateOfA(f);
  await f.app.db.insert(candidateListMembers).values({ clientId: f.a.client.id, listId: l.id, candidateId: c.id });
  const [k] = await f.app.db
    .insert(campaigns)
    .values({ clientId: f.a.client.id, listId: l.id, name: 'Matrix campaign', subject: 'Hi {{firstName}}', body: '<p>Hello {{firstName}}</p>' })
    .returning();
  return k;
}
const everyone = ['anonymous', 'admin', 'recruiterA', 'staffA', 'recruiterB', 'staffB'] as const;
const unsubscribeUrl = async (f: MatrixFixture) =>
  `/api/campaigns/unsubscribe?token=${await signUnsubscribeToken(f.app.config.jwtSecret, { clientId: f.a.client.id, email: `u-${rand()}@cand.example`, campaignId: f.a.client.id })}`;

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

export const matrix: MatrixEntry[] = [
  { method: 'GET', route: '/api/get-candidates', allowed: [...tenantA], request: (f) => ({ url: `/api/get-candidates?clientId=${f.a.client.id}` }) },
  {
    method: 'GET',
    route: '/api/crm/candidates',
    allowed: [...tenantA],
    request: (f) => ({ url: `/api/crm/candidates?clientId=${f.a.client.id}&searchQuery=mat` }),
  },
  {
    method: 'GET',
    route: '/api/crm/candidate/:id',
    allowed: [...tenantA],
    request: async (f) => ({ url: `/api/crm/candidate/${(await candidateOfA(f)).id}?clientId=${f.a.client.id}` }),
  },
  {
    method: 'PATCH',
    route: '/api/crm/candidates',
    allowed: [...tenantA],
    request: async (f) => ({ payload: { clientId: f.a.client.id, _ids: [(await candidateOfA(f)).id], addTags: ['matrix'] } }),
  },
  {
    method: 'PATCH',
    route: '/api/candidates/update',
    allowed: [...tenantA],
    request: async (f) => ({ payload: { clientId: f.a.client.id, _id: (await candidateOfA(f)).id, status: 'Screening' } }),
  },
  {
    method: 'PATCH',
    route: '/api/candidates/update/:id',
    allowed: [...tenantA],
    request: async (f) => ({ url: `/api/candidates/update/${(await candidateOfA(f)).id}`, payload: { clientId: f.a.client.id, phone: '+1 555 0100' } }),
  },
  {
    method: 'POST',
    route: '/api/crm/candidates/create',
    allowed: [...tenantA],
    request: (f) => ({ payload: { clientId: f.a.client.id, firstName: 'New', lastName: 'Person', email: `np-${rand()}@cand.example` } }),
  },
  { method: 'GET', route: '/api/crm/filter-facets', allowed: [...tenantA], request: (f) => ({ url: `/api/crm/filter-facets?clientId=${f.a.client.id}` }) },
  { method: 'GET', route: '/api/respondent-metrics', allowed: [...tenantA], request: (f) => ({ url: `/api/respondent-metrics?clientId=${f.a.client.id}` }) },
  {
    method: 'GET',
    route: '/api/candidates/applicant-count',
    allowed: [...tenantA],
    note: 'Without clientId each caller gets their own scope; with A’s id only A’s users.',
    request: (f) => ({ url: `/api/candidates/applicant-count?clientId=${f.a.client.id}` }),
  },
  {
    method: 'GET',
    route: '/api/crm/candidates/requisitions',
    allowed: [...tenantA],
    request: (f) => ({ url: '/api/crm/candidates/requisitions', headers: { 'x-client-id': f.a.client.id } }),
  },
  { method: 'GET', route: '/api/crm/candidates-tags/:id', allowed: [...tenantA], request: (f) => ({ url: `/api/crm/candidates-tags/${f.a.client.id}` }) },
  {
    method: 'POST',
    route: '/api/crm/candidates-tags/create',
    allowed: [...tenantA],
    request: (f) => ({ payload: { clientId: f.a.client.id, name: `tag-${rand()}` } }),
  },
  { method: 'GET', route: '/api/crm/response-sources/:id', allowed: [...tenantA], request: (f) => ({ url: `/api/crm/response-sources/${f.a.client.id}` }) },
  {
    method: 'POST',
    route: '/api/crm/response-sources/create',
    allowed: [...tenantA],
    request: (f) => ({ payload: { clientId: f.a.client.id, name: `source-${rand()}` } }),
  },
  {
    method: 'GET',
    route: '/api/candidates/alerts/:id',
    allowed: [...tenantA],
    request: async (f) => ({ url: `/api/candidates/alerts/${(await candidateOfA(f)).id}` }),
  },
  {
    method: 'POST',
    route: '/api/candidates/alerts/create',
    allowed: [...tenantA],
    request: (f) => ({ payload: { clientId: f.a.client.id, name: 'Nurses', searchQuery: 'nurse', email: 'alerts@x.example' } }),
  },
  {
    method: 'PATCH',
    route: '/api/candidates/alerts/update',
    allowed: [...tenantA],
    request: async (f) => {
      const [a] = await f.app.db.insert(candidateAlerts).values({ clientId: f.a.client.id, name: 'A', email: 'a@x.example' }).returning();
      return { payload: { clientId: f.a.client.id, _id: a.id, active: false } };
    },
  },
  {
    method: 'POST',
    route: '/api/crm/forward-profile',
    allowed: [...tenantA],
    request: async (f) => ({ payload: { clientId: f.a.client.id, candidateId: (await candidateOfA(f)).id, to: ['colleague@x.example'] } }),
  },
  {
    method: 'POST',
    route: '/api/candidates/refer',
    allowed: [...tenantA],
    request: async (f) => ({ payload: { clientId: f.a.client.id, candidateId: (await candidateOfA(f)).id, jobId: await jobOfA(f) } }),
  },
  {
    method: 'POST',
    route: '/api/candidates/follow-up',
    allowed: [...tenantA],
    request: async (f) => ({ payload: { clientId: f.a.client.id, candidateId: (await candidateOfA(f)).id, reminderDate: tomorrow() } }),
  },
  {
    method: 'GET',
    route: '/api/get-resume',
    allowed: [...tenantA],
    request: async (f) => ({ url: `/api/get-resume?blobPath=${encodeURIComponent(await resumeOfA(f))}` }),
  },
  {
    method: 'GET',
    route: '/api/get-file',
    allowed: [...tenantA],
    request: async (f) => ({ url: `/api/get-file?blobPath=${encodeURIComponent(await resumeOfA(f))}` }),
  },
  { method: 'GET', route: '/api/candidates-lists', allowed: [...tenantA], request: (f) => ({ url: `/api/candidates-lists?clientId=${f.a.client.id}` }) },
  {
    method: 'POST',
    route: '/api/candidates-lists/create',
    allowed: [...tenantA],
    request: async (f) => ({ payload: { clientId: f.a.client.id, name: 'Shortlist', candidateIds: [(await candidateOfA(f)).id] } }),
  },
  {
    method: 'PATCH',
    route: '/api/candidates-lists/update',
    allowed: [...tenantA],
    request: async (f) => ({ payload: { clientId: f.a.client.id, _id: (await listOfA(f)).id, addCandidateIds: [(await candidateOfA(f)).id] } }),
  },
  {
    method: 'POST',
    route: '/api/candidates-list/campaigndraft',
    allowed: [...tenantA],
    request: async (f) => ({ payload: { clientId: f.a.client.id, listId: (await listOfA(f)).id } }),
  },
  {
    method: 'GET',
    route: '/api/crm/candidate/:id/timeline',
    allowed: [...tenantA],
    request: async (f) => ({ url: `/api/crm/candidate/${(await candidateOfA(f)).id}/timeline?clientId=${f.a.client.id}` }),
  },
  {
    method: 'POST',
    route: '/api/crm/candidates/notes',
    allowed: [...tenantA],
    request: async (f) => ({ payload: { clientId: f.a.client.id, candidateId: (await candidateOfA(f)).id, note: 'Called, no answer' } }),
  },
  { method: 'GET', route: '/api/crm/pipeline', allowed: [...tenantA], request: (f) => ({ url: `/api/crm/pipeline?clientId=${f.a.client.id}` }) },
  {
    method: 'PUT',
    route: '/api/crm/pipeline',
    allowed: [...tenantA],
    request: (f) => ({
      payload: { clientId: f.a.client.id, statuses: ['New', 'Screening', 'Interview', 'Offer', 'Hired', 'Rejected'].map((name) => ({ name })) },
    }),
  },
  { method: 'GET', route: '/api/crm/applications', allowed: [...tenantA], request: (f) => ({ url: `/api/crm/applications?clientId=${f.a.client.id}` }) },
  {
    method: 'PATCH',
    route: '/api/crm/applications/update',
    allowed: [...tenantA],
    request: async (f) => {
      await resumeOfA(f);
      const r = await f.app.db.execute<{ id: string }>(sql`SELECT id FROM applications WHERE client_id = ${f.a.client.id} LIMIT 1`);
      return { payload: { clientId: f.a.client.id, _id: r.rows[0].id, status: 'reviewed' } };
    },
  },
  ...duplicatesMatrix,
  { method: 'GET', route: '/api/campaigns', allowed: [...tenantA], request: (f) => ({ url: `/api/campaigns?clientId=${f.a.client.id}` }) },
  {
    method: 'GET',
    route: '/api/campaigns/:id',
    allowed: [...tenantA],
    request: async (f) => ({ url: `/api/campaigns/${(await campaignOfA(f)).id}?clientId=${f.a.client.id}` }),
  },
  {
    method: 'PATCH',
    route: '/api/campaigns/update',
    allowed: [...tenantA],
    request: async (f) => ({ payload: { clientId: f.a.client.id, _id: (await campaignOfA(f)).id, subject: 'New subject' } }),
  },
  {
    method: 'POST',
    route: '/api/campaigns/preview',
    allowed: [...tenantA],
    request: async (f) => ({ payload: { clientId: f.a.client.id, _id: (await campaignOfA(f)).id } }),
  },
  {
    method: 'POST',
    route: '/api/campaigns/send-test',
    allowed: [...tenantA],
    request: async (f) => ({ payload: { clientId: f.a.client.id, _id: (await campaignOfA(f)).id } }),
  },
  {
    method: 'POST',
    route: '/api/campaigns/send',
    allowed: [...tenantA],
    request: async (f) => ({ payload: { clientId: f.a.client.id, _id: (await campaignOfA(f)).id } }),
  },
  {
    method: 'GET',
    route: '/api/campaigns/unsubscribe',
    allowed: [...everyone],
    note: 'Public: the signed token is the right (it names one client and one address).',
    request: async (f) => ({ url: await unsubscribeUrl(f) }),
  },
  {
    method: 'POST',
    route: '/api/campaigns/unsubscribe',
    allowed: [...everyone],
    note: 'Public one-click unsubscribe (RFC 8058), by signed token.',
    request: async (f) => ({
      url: await unsubscribeUrl(f),
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  },
  ...privacyMatrix,
];
