import { messages } from '@hh/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobViaApi, createTenant, setupTestApp, type TestApp } from './helpers.ts';

/**
 * Calls whose spec payload carries no clientId take the portal's selected client (X-Client-Id,
 * core spec §7); the header only selects, rights are checked on it like on any id. And the candidate
 * list's `assignedJobs=true` means "assigned to any job", as the portal sends it.
 */
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

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

describe('GET /api/email-templates without clientId', () => {
  it('lists the selected client’s templates, and refuses another tenant’s id or none', async () => {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/email-templates/create',
      headers: A.staffAuth.headers,
      payload: { clientId: A.client.id, name: 'invitation', subject: 'Join our team', emailValue: 'Hello, we would like you to join us.' },
    });
    expect([200, 201], saved.body).toContain(saved.statusCode);
    const res = await get('/api/email-templates', { ...A.staffAuth.headers, 'x-client-id': A.client.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results.map((r: { name: string }) => r.name)).toEqual(['invitation']);
    const none = await get('/api/email-templates', A.staffAuth.headers);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ errorMsg: { emailTemplates: [messages.server.clientIdRequired] } });
    const other = await get('/api/email-templates', { ...B.staffAuth.headers, 'x-client-id': A.client.id });
    expect(other.statusCode).toBe(404);
    const badHeader = await get('/api/email-templates', { ...A.staffAuth.headers, 'x-client-id': 'not-an-id' });
    expect(badHeader.statusCode).toBe(400);
    expect(badHeader.json()).toEqual({ errorMsg: { emailTemplates: [messages.server.invalidId] } });
  });
});

describe('GET /api/get-candidates?assignedJobs=true', () => {
  it('means assigned to any job (false: to none), not a 400', async () => {
    const job = await createJobViaApi(t.app, A.recruiterAuth.headers, A.client.id, { title: 'Assigned filter job' });
    const mk = async (p: Record<string, unknown>) => {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/crm/candidates/create',
        headers: A.recruiterAuth.headers,
        payload: { clientId: A.client.id, ...p },
      });
      expect(r.statusCode, r.body).toBe(201);
    };
    await mk({ firstName: 'Ava', lastName: 'Applied', email: 'ava@assigned.example', assignedJobs: [job._id] });
    await mk({ firstName: 'Ned', lastName: 'Noapp', email: 'ned@assigned.example' });
    const names = (r: { json(): { results: { firstName: string }[] } }) => r.json().results.map((c) => c.firstName);
    const any = await get(`/api/get-candidates?clientId=${A.client.id}&assignedJobs=true`, A.recruiterAuth.headers);
    expect(any.statusCode, any.body).toBe(200);
    expect(names(any)).toEqual(['Ava']);
    const noJob = await get(`/api/get-candidates?clientId=${A.client.id}&assignedJobs=false`, A.recruiterAuth.headers);
    expect(names(noJob)).toEqual(['Ned']);
    const byId = await get(`/api/get-candidates?clientId=${A.client.id}&assignedJobs=${job._id}`, A.recruiterAuth.headers);
    expect(names(byId)).toEqual(['Ava']);
    const bad = await get(`/api/get-candidates?clientId=${A.client.id}&assignedJobs=maybe`, A.recruiterAuth.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorMsg.assignedJobs).toEqual([messages.recruiting.candidatesFetchError]);
  });
});
