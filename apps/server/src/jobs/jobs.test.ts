import { messages } from '@hh/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTenant, setupTestApp, type TestApp, createJobViaApi } from '../../test/helpers.ts';

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

const newJob = (auth: Record<string, string>, clientId: string, extra: Record<string, unknown> = {}) => createJobViaApi(t.app, auth, clientId, extra);

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

  it('keeps open positions: one by default, set on create and edit, a bad count refused and nothing changed; not in the public job', async () => {
    const j = await newJob(A.staffAuth.headers, A.client.id);
    expect(j.openPositions).toBe(1);
    const three = await call('PATCH', '/api/job/update', A.staffAuth.headers, { clientId: A.client.id, _id: j._id, openPositions: 3 });
    expect(three.statusCode, three.body).toBe(200);
    expect(three.json().openPositions).toBe(3);
    for (const bad of [-1, 2.5, 10_001]) {
      const res = await call('PATCH', '/api/job/update', A.staffAuth.headers, { clientId: A.client.id, _id: j._id, openPositions: bad });
      expect(res.statusCode, `${bad}`).toBe(400);
      expect(res.body).toContain('Open positions must be a whole number from 0 to 10,000');
    }
    const read = await call('GET', `/api/job/get-by-id?clientId=${A.client.id}&jobId=${j._id}`, A.staffAuth.headers);
    expect(read.json().openPositions).toBe(3);
    const made = await call('POST', '/api/job/create', A.staffAuth.headers, { clientId: A.client.id, title: 'Float Pool Nurse', openPositions: 5 });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().openPositions).toBe(5);
    const pub = await call('GET', `/api/get-job?nameSlug=${A.client.nameSlug}&jobId=${made.json()._id}`, {});
    expect(pub.statusCode, pub.body).toBe(200);
    expect(pub.json()).not.toHaveProperty('openPositions');
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
