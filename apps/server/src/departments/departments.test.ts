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

describe('departments and categories', () => {
  it('reads by departmentId or departmentIds alone, the selected client (X-Client-Id) naming the tenant', async () => {
    const cr = await call('POST', '/api/departments/create', A.staffAuth.headers, { clientId: A.client.id, name: 'Radiology' });
    const id = cr.json()._id;
    const sel = { ...A.staffAuth.headers, 'x-client-id': A.client.id };
    const one = await call('GET', `/api/departments?departmentId=${id}`, sel);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ _id: id, name: 'Radiology' });
    const byIds = await call('GET', `/api/departments/get-by-ids?departmentIds=${id}`, sel);
    expect(byIds.statusCode, byIds.body).toBe(200);
    expect(byIds.json().results.map((d: { _id: string }) => d._id)).toEqual([id]);
    // Neither clientId nor a selected client: a 400 naming what is missing.
    const none = await call('GET', `/api/departments?departmentId=${id}`, A.staffAuth.headers);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ errorMsg: { clientId: [messages.server.clientIdRequired] } });
    // The header only selects: another tenant's id is refused like any id.
    const other = await call('GET', `/api/departments/get-by-ids?departmentIds=${id}`, { ...B.staffAuth.headers, 'x-client-id': A.client.id });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Radiology');
  });

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
