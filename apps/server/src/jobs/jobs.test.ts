import { messages } from '@hh/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTenant, setupTestApp, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
let B: Awaited<ReturnType<typeof createTenant>>;

beforeAll(async () => {
  t = await setupTestApp();
  A = await createTenant(t.app);
  B = await createTenant(t.app);
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, payload });

async function newJob(auth: Record<string, string>, clientId: string, extra: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/job/create', auth, { clientId, title: 'Registered Nurse', zipCode: '78701', employmentType: 'FULL_TIME', ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('jobs: create, edit, list, close', () => {
  it('creates a job: description sanitised, address geocoded from the zip, public url', async () => {
    const res = await call('POST', '/api/job/create', A.staffAuth.headers, {
      clientId: A.client.id,
      title: 'ICU Nurse',
      description: '<p onclick="x()">Care <script>alert(1)</script><b>team</b></p><iframe src="https://evil"></iframe><a href="javascript:alert(1)">x</a>',
      zipCode: '78701',
      salaryMin: 60000,
      salaryMax: 90000,
      salaryPeriod: 'YEAR',
    });
    expect(res.statusCode, res.body).toBe(201);
    const j = res.json();
    expect(j.message).toBe(messages.jobs.jobCreated);
    expect(j.description).toBe('<p>Care <b>team</b></p><a rel="nofollow noopener">x</a>');
    expect(j.city).toBe('Austin');
    expect(j.state).toBe('TX');
    expect(j.lat).toBeCloseTo(30.27, 1);
    expect(j.status).toBe('open');
    expect(j.referenceNumber).toMatch(/^JOB-/);
    expect(j.url).toBe(`/${A.client.nameSlug}/job/jobs/icu-nurse/austin-tx/${A.client.virtualAppName}/${j._id}`);
    expect(await countRows(t.app, 'activity_logs', `entity = 'job' AND entity_id = '${j._id}'`)).toBe(1);
  });

  it('updates a job with the spec message and re-geocodes a changed zip', async () => {
    const j = await newJob(A.staffAuth.headers, A.client.id);
    const res = await call('PATCH', '/api/job/update', A.staffAuth.headers, { clientId: A.client.id, _id: j._id, zipCode: '10001', title: 'Charge Nurse' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: messages.recruiting.jobUpdated, title: 'Charge Nurse', zipCode: '10001' });
    expect(res.json().lat).toBeCloseTo(40.75, 1);
  });

  it('a PATCH naming only the status keeps the description (the portal Undo after bulk close)', async () => {
    const j = await newJob(A.staffAuth.headers, A.client.id);
    const set = await call('PATCH', '/api/job/update', A.staffAuth.headers, { clientId: A.client.id, _id: j._id, description: '<p>Kept</p>' });
    expect(set.json().description).toBe('<p>Kept</p>');
    const res = await call('PATCH', '/api/job/update', A.staffAuth.headers, { clientId: A.client.id, _id: j._id, status: 'draft' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'draft', description: '<p>Kept</p>' });
  });

  it('refuses a duplicate reference number with 409', async () => {
    await newJob(A.staffAuth.headers, A.client.id, { referenceNumber: 'REF-1' });
    const res = await call('POST', '/api/job/create', A.staffAuth.headers, { clientId: A.client.id, title: 'x', referenceNumber: 'REF-1' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errorMsg.referenceNumber[0]).toContain('REF-1');
  });

  it('lists with filter, sort and paging, and bulk-closes', async () => {
    const j1 = await newJob(A.staffAuth.headers, A.client.id, { title: 'Zeta Tech' });
    const j2 = await newJob(A.staffAuth.headers, A.client.id, { title: 'Alpha Tech' });
    const list = await call('GET', `/api/job/list-by-client-id?clientId=${A.client.id}&search=tech&sortBy=title&sortDir=asc`, A.staffAuth.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json().results.map((r: { title: string }) => r.title)).toEqual(['Alpha Tech', 'Zeta Tech']);
    expect(list.json().totalCount).toBe(2);
    const closed = await call('POST', '/api/job/bulk-close', A.staffAuth.headers, { clientId: A.client.id, jobIds: [j1._id, j2._id] });
    expect(closed.json()).toEqual({ message: messages.jobs.jobsClosed(2), closed: 2 });
    const open = await call('GET', `/api/job/list-by-client-id?clientId=${A.client.id}&search=tech&status=open`, A.staffAuth.headers);
    expect(open.json().totalCount).toBe(0);
  });

  it("refuses another tenant's client, job and department ids", async () => {
    const jb = await newJob(B.staffAuth.headers, B.client.id);
    const list = await call('GET', `/api/job/list-by-client-id?clientId=${B.client.id}`, A.staffAuth.headers);
    expect(list.statusCode).toBe(404);
    expect(list.json()).toEqual({ errorMsg: { clients: [messages.server.clientNotFound] } });
    const upd = await call('PATCH', '/api/job/update', A.staffAuth.headers, { clientId: A.client.id, _id: jb._id, title: 'stolen' });
    expect(upd.statusCode).toBe(404);
    expect(upd.json()).toEqual({ errorMsg: { job: [messages.jobs.jobNotFound] } });
    const depB = await call('POST', '/api/departments/create', B.staffAuth.headers, { clientId: B.client.id, name: 'B dept' });
    const cr = await call('POST', '/api/job/create', A.staffAuth.headers, { clientId: A.client.id, title: 'x', departmentId: depB.json()._id });
    expect(cr.statusCode).toBe(404);
    expect(cr.json()).toEqual({ errorMsg: { department: [messages.jobs.departmentNotFound] } });
    const close = await call('POST', '/api/job/bulk-close', A.staffAuth.headers, { clientId: A.client.id, jobIds: [jb._id] });
    expect(close.json().closed).toBe(0);
    expect(await countRows(t.app, 'jobs', `id = '${jb._id}' AND status = 'open'`)).toBe(1);
  });

  it('requires sign-in and a harvest editor right to write', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/job/list-by-client-id?clientId=${A.client.id}` })).statusCode).toBe(401);
    const member = await createTenant(t.app, { harvest: 'member' });
    const res = await call('POST', '/api/job/create', member.staffAuth.headers, { clientId: member.client.id, title: 'x' });
    expect(res.statusCode).toBe(403);
  });
});

describe('job planning (mvp)', () => {
  it('assigns adids, reads and updates planning fields', async () => {
    await newJob(A.staffAuth.headers, A.client.id, { title: 'Planner' });
    const set = await call('POST', '/api/job/mvp-set-client-ids', A.staffAuth.headers, { clientId: A.client.id });
    expect(set.statusCode).toBe(200);
    expect(set.json().assigned).toBeGreaterThan(0);
    const list = await call('GET', `/api/job/mvp?clientId=${A.client.id}`, A.staffAuth.headers);
    const entry = list.json().results.find((r: { title: string }) => r.title === 'Planner');
    expect(entry.budget).toBe('0');
    const upd = await call('PATCH', '/api/job/mvp-update', A.staffAuth.headers, {
      clientId: A.client.id,
      adid: entry.adid,
      budget: '150.5',
      indeedApply: true,
      questionsListId: 'default',
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json()).toMatchObject({ message: messages.recruiting.jobUpdated, budget: '150.50', indeedApply: true, questionsListId: 'default' });
    const one = await call('GET', `/api/job/mvp-get-by-id?clientId=${A.client.id}&adid=${entry.adid}`, A.staffAuth.headers);
    expect(one.json()).toMatchObject({ _id: entry._id, budget: '150.50' });
    const other = await call('GET', `/api/job/mvp-get-by-id?clientId=${B.client.id}&adid=${entry.adid}`, A.staffAuth.headers);
    expect(other.statusCode).toBe(404);
    // The same budget and questions-list rules as the media planner (feed/job-planning.ts).
    const dollars = await call('PATCH', '/api/job/mvp-update', A.staffAuth.headers, { clientId: A.client.id, _id: entry._id, budget: '$1,250.50' });
    expect(dollars.json().budget).toBe('1250.50');
    const notDollars = await call('PATCH', '/api/job/mvp-update', A.staffAuth.headers, { clientId: A.client.id, _id: entry._id, budget: 'ten bucks' });
    expect(notDollars.statusCode).toBe(400);
    expect(JSON.stringify(notDollars.json())).toContain(messages.feed.budgetFormat);
    const unknownList = await call('PATCH', '/api/job/mvp-update', A.staffAuth.headers, {
      clientId: A.client.id,
      _id: entry._id,
      questionsListId: 'no-such-group',
    });
    expect(unknownList.statusCode).toBe(400);
  });

  it('lists the recruiters assigned', async () => {
    await newJob(A.staffAuth.headers, A.client.id, { recruiterEmail: 'rita@a.example', recruiterName: 'Rita', recruitersAssigned: ['sam@a.example'] });
    const res = await call('GET', `/api/get-recruiters-assigned?clientId=${A.client.id}`, A.staffAuth.headers);
    const emails = res.json().results.map((r: { email: string }) => r.email);
    expect(emails).toEqual(expect.arrayContaining(['rita@a.example', 'sam@a.example']));
    expect(res.json().results.find((r: { email: string }) => r.email === 'rita@a.example').name).toBe('Rita');
  });
});

describe('departments and categories', () => {
  it('creates, reads, updates and deletes with the spec messages', async () => {
    const cat = await call('POST', '/api/categories/save', A.staffAuth.headers, { clientId: A.client.id, name: 'Clinical' });
    expect(cat.statusCode, cat.body).toBe(200);
    const catId = cat.json().id;
    const cr = await call('POST', '/api/departments/create', A.staffAuth.headers, { clientId: A.client.id, name: 'Nursing', categoryIds: [catId] });
    expect(cr.statusCode, cr.body).toBe(201);
    expect(cr.json()).toMatchObject({ message: messages.recruiting.departmentCreated, name: 'Nursing', categoryIds: [catId] });
    const id = cr.json()._id;
    const dup = await call('POST', '/api/departments/create', A.staffAuth.headers, { clientId: A.client.id, name: 'nursing' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ errorMsg: { department: [messages.jobs.departmentNameTaken('nursing')] } });

    const job = await newJob(A.staffAuth.headers, A.client.id, { departmentId: id, title: 'Dept nurse' });
    expect(job.department).toBe('Nursing');
    const one = await call('GET', `/api/departments?clientId=${A.client.id}&departmentId=${id}`, A.staffAuth.headers);
    expect(one.json()).toMatchObject({ _id: id, name: 'Nursing' });
    const all = await call('GET', `/api/departments/get-by-client-id?clientId=${A.client.id}`, A.staffAuth.headers);
    expect(all.json().results.find((d: { _id: string }) => d._id === id).jobCount).toBe(1);
    const byCat = await call('GET', `/api/departments/get-by-category-ids?clientId=${A.client.id}&categoryIds=${catId}`, A.staffAuth.headers);
    expect(byCat.json().results.map((d: { _id: string }) => d._id)).toEqual([id]);
    const byIds = await call('GET', `/api/departments/get-by-ids?clientId=${A.client.id}&departmentIds=${id}`, A.staffAuth.headers);
    expect(byIds.json().totalCount).toBe(1);
    const assoc = await call('GET', `/api/departments/get-associated-categories?clientId=${A.client.id}`, A.staffAuth.headers);
    expect(assoc.json().results).toEqual([{ id: catId, clientId: A.client.id, name: 'Clinical', departmentIds: [id] }]);

    const up = await call('PATCH', '/api/departments/update', A.staffAuth.headers, { clientId: A.client.id, _id: id, name: 'Nursing Care' });
    expect(up.json()).toMatchObject({ message: messages.recruiting.departmentUpdated, name: 'Nursing Care' });
    expect(await countRows(t.app, 'jobs', `id = '${job._id}' AND department_name = 'Nursing Care'`)).toBe(1);

    const del = await call('DELETE', `/api/departments/delete?clientId=${A.client.id}&departmentId=${id}`, A.staffAuth.headers);
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe(messages.recruiting.departmentDeleted);
    expect(await countRows(t.app, 'jobs', `id = '${job._id}' AND department_id IS NULL`)).toBe(1);
    const gone = await call('GET', `/api/departments?clientId=${A.client.id}&departmentId=${id}`, A.staffAuth.headers);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ errorMsg: { department: [messages.jobs.departmentNotFound] } });
  });

  it("does not touch another tenant's department", async () => {
    const d = await call('POST', '/api/departments/create', B.staffAuth.headers, { clientId: B.client.id, name: 'Secret' });
    const res = await call('PATCH', '/api/departments/update', A.staffAuth.headers, { clientId: A.client.id, _id: d.json()._id, name: 'x' });
    expect(res.statusCode).toBe(404);
    const res2 = await call('PATCH', '/api/departments/update', A.staffAuth.headers, { clientId: B.client.id, _id: d.json()._id, name: 'x' });
    expect(res2.statusCode).toBe(404);
    expect(res2.json()).toEqual({ errorMsg: { department: [messages.server.clientNotFound] } });
  });

  it('answers the JsonPubCats map for a virtualAppName', async () => {
    await call('POST', '/api/categories/save', B.staffAuth.headers, { clientId: B.client.id, name: 'Logistics' });
    const res = await t.app.inject({ method: 'GET', url: `/jobs/JsonPubCats.ashx?v=${B.client.virtualAppName}&all=true` });
    expect(res.statusCode).toBe(200);
    expect(Object.values(res.json())).toEqual(['Logistics']);
    const none = await t.app.inject({ method: 'GET', url: '/jobs/JsonPubCats.ashx?v=nobody&all=true' });
    expect(none.json()).toEqual({});
  });
});

describe('prequalification questions', () => {
  it('saves, reads, updates and deletes a set, with the spec messages', async () => {
    const job = await newJob(A.staffAuth.headers, A.client.id, { title: 'PQ job' });
    const cr = await call('POST', '/api/prequalification-questions/create', A.staffAuth.headers, {
      clientId: A.client.id,
      jobId: job._id,
      questions: [{ question: 'Do you hold an RN license?', type: 'yesno' }],
    });
    expect(cr.statusCode, cr.body).toBe(201);
    expect(cr.json().message).toBe(messages.recruiting.prequalificationSaved);
    const id = cr.json()._id;
    const again = await call('POST', '/api/prequalification-questions/create', A.staffAuth.headers, { clientId: A.client.id, jobId: job._id, questions: [] });
    expect(again.statusCode).toBe(409);
    const get = await call('GET', `/api/prequalification-questions?clientId=${A.client.id}&jobId=${job._id}`, A.staffAuth.headers);
    expect(get.json().results[0].questions[0]).toMatchObject({ question: 'Do you hold an RN license?', type: 'yesno', required: true });
    const up = await call('PUT', '/api/prequalification-questions/update', A.staffAuth.headers, {
      clientId: A.client.id,
      _id: id,
      questions: [{ question: 'Shift?', type: 'select', options: ['Day', 'Night'] }],
    });
    expect(up.json()).toMatchObject({ message: messages.recruiting.prequalificationSaved, questions: [{ question: 'Shift?', options: ['Day', 'Night'] }] });
    const del = await call('DELETE', `/api/prequalification-questions-delete?clientId=${A.client.id}&id=${id}`, A.staffAuth.headers);
    expect(del.json().message).toBe(messages.jobs.prequalificationDeleted);
    expect(await countRows(t.app, 'prequalification_questions', `id = '${id}'`)).toBe(0);
  });

  it("answers the spec's fetch message for another tenant's job", async () => {
    const jb = await newJob(B.staffAuth.headers, B.client.id);
    const res = await call('GET', `/api/prequalification-questions?clientId=${A.client.id}&jobId=${jb._id}`, A.staffAuth.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errorMsg: { prequalificationQuestions: [messages.recruiting.prequalificationFetchError] } });
  });
});

describe('locations', () => {
  it('validates a zip code, with the spec message on failure', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/validate-zipcode?zipcode=78701&city=Austin&state=TX' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ valid: true, city: 'Austin', state: 'TX' });
    for (const q of ['zipcode=00000', 'zipcode=78701&state=NY', 'zipcode=abc', 'zipcode=78701&city=Boston']) {
      const bad = await t.app.inject({ method: 'GET', url: `/api/validate-zipcode?${q}` });
      expect(bad.statusCode, q).toBe(400);
      expect(bad.json()).toEqual({ errorMsg: { zipcode: [messages.recruiting.zipValidationError] } });
    }
  });

  it('suggests locations in the three calls and the address search', async () => {
    const crm = await call('GET', `/api/crm/location-suggestions?clientId=${A.client.id}&query=San Fra`, A.staffAuth.headers);
    expect(crm.json().results[0].label).toBe('San Francisco, CA');
    const loc = await call('GET', `/api/location-suggestions?clientId=${A.client.id}&zipcode=7870`, A.staffAuth.headers);
    expect(loc.json().results[0]).toMatchObject({ zipCode: '78701', city: 'Austin' });
    const missing = await call('GET', `/api/crm/location-suggestions?clientId=${A.client.id}`, A.staffAuth.headers);
    expect(missing.json()).toEqual({ errorMsg: { query: [messages.recruiting.locationSuggestionsError] } });
    const jobsLoc = await t.app.inject({ method: 'GET', url: `/api/jobs/location-suggestions?nameSlug=${A.client.nameSlug}&query=aus` });
    expect(jobsLoc.json().results[0]).toMatchObject({ city: 'Austin', state: 'TX' });
    const addr = await t.app.inject({ method: 'GET', url: `/api/search-address/${A.client.id}?query=Chicago, I` });
    expect(addr.json().results[0].label).toBe('Chicago, IL');
  });
});
