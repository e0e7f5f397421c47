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

  it('deletes by id alone, the selected client (X-Client-Id) naming the tenant', async () => {
    const job = await newJob(A.staffAuth.headers, A.client.id, { title: 'PQ header job' });
    const cr = await call('POST', '/api/prequalification-questions/create', A.staffAuth.headers, {
      clientId: A.client.id,
      jobId: job._id,
      questions: [{ question: 'Night shifts?', type: 'yesno' }],
    });
    const id = cr.json()._id;
    const other = await call('DELETE', `/api/prequalification-questions-delete?id=${id}`, { ...B.staffAuth.headers, 'x-client-id': A.client.id });
    expect(other.statusCode).toBe(404);
    const none = await call('DELETE', `/api/prequalification-questions-delete?id=${id}`, A.staffAuth.headers);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ errorMsg: { prequalificationQuestions: [messages.server.clientIdRequired] } });
    expect(await countRows(t.app, 'prequalification_questions', `id = '${id}'`)).toBe(1);
    const del = await call('DELETE', `/api/prequalification-questions-delete?id=${id}`, { ...A.staffAuth.headers, 'x-client-id': A.client.id });
    expect(del.statusCode, del.body).toBe(200);
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
