import { messages } from '@hh/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, setupTestApp, signIn, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
let admin: { headers: Record<string, string> };
let A: Awaited<ReturnType<typeof createTenant>>;
let B: Awaited<ReturnType<typeof createTenant>>;

beforeAll(async () => {
  t = await setupTestApp();
  admin = await signIn(t.app, (await createUser(t.app, { role: 'admin' })).email);
  A = await createTenant(t.app);
  B = await createTenant(t.app);
  // some real activity in both tenants
  await t.app.inject({ method: 'PATCH', url: '/api/client/update', headers: A.recruiterAuth.headers, payload: { _id: A.client.id, industry: 'A-industry' } });
  await t.app.inject({ method: 'PATCH', url: '/api/client/update', headers: B.recruiterAuth.headers, payload: { _id: B.client.id, industry: 'B-industry' } });
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) => t.app.inject({ method, url, headers, payload });
type Log = { clientId: string | null; actorId: string; entity: string; action: string; changes: Record<string, unknown> };

describe('POST /api/activity-logs/create', () => {
  it('writes a row as the caller (201), for a client they access or at platform level', async () => {
    const res = await call('POST', '/api/activity-logs/create', A.staffAuth.headers, {
      clientId: A.client.id,
      action: 'export',
      entity: 'requisitions',
      changes: { rows: 3 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      clientId: A.client.id,
      actorId: A.staff.id,
      actorEmail: A.staff.email,
      action: 'export',
      entity: 'requisitions',
      changes: { rows: 3 },
    });
    const platform = await call('POST', '/api/activity-logs/create', A.staffAuth.headers, { action: 'view', entity: 'legal' });
    expect(platform.statusCode).toBe(201);
    expect(platform.json().clientId).toBeNull();
    const foreign = await call('POST', '/api/activity-logs/create', B.staffAuth.headers, { clientId: A.client.id, action: 'x', entity: 'y' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ errorMsg: { logs: [messages.server.clientNotFound] } });
    expect((await call('POST', '/api/activity-logs/create', A.staffAuth.headers, { action: '', entity: 'y' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/activity-logs/create', payload: { action: 'x', entity: 'y' } })).statusCode).toBe(401);
  });

  it("the portal's selected client (X-Client-Id) does not make an entry without clientId a client entry", async () => {
    const res = await call('POST', '/api/activity-logs/create', { ...A.staffAuth.headers, 'x-client-id': A.client.id }, { action: 'view', entity: 'legal' });
    expect(res.statusCode).toBe(201);
    expect(res.json().clientId).toBeNull();
  });
});

describe('GET /api/activity-logs', () => {
  it('admins read everything; others only their clients and their own platform entries', async () => {
    const all = (await call('GET', '/api/activity-logs?pageSize=200', admin.headers)).json();
    const clientsSeen = new Set(all.results.map((l: Log) => l.clientId));
    expect(clientsSeen.has(A.client.id) && clientsSeen.has(B.client.id)).toBe(true);
    for (const [who, mine, theirs] of [
      [A.recruiterAuth, A, B],
      [A.staffAuth, A, B],
      [B.staffAuth, B, A],
    ] as const) {
      const r = (await call('GET', '/api/activity-logs?pageSize=200', who.headers)).json();
      expect(r.results.some((l: Log) => l.clientId === mine.client.id)).toBe(true);
      expect(r.results.some((l: Log) => l.clientId === theirs.client.id)).toBe(false);
      expect(r.results.filter((l: Log) => l.clientId === null).every((l: Log) => l.actorId === who.user._id)).toBe(true);
    }
  });

  it('filters by clientId, entity, action, actorId and time, pages, and refuses another tenant (404)', async () => {
    const f = (await call('GET', `/api/activity-logs?clientId=${A.client.id}&entity=client&action=update&actorId=${A.recruiter.id}`, admin.headers)).json();
    expect(f.totalCount).toBe(1);
    expect(f.results[0].changes.industry).toEqual({ from: null, to: 'A-industry' });
    const future = new Date(Date.now() + 3600_000).toISOString();
    expect((await call('GET', `/api/activity-logs?from=${encodeURIComponent(future)}`, admin.headers)).json()).toEqual({ results: [], totalCount: 0 });
    const past = new Date(Date.now() - 3600_000).toISOString();
    expect((await call('GET', `/api/activity-logs?to=${encodeURIComponent(past)}`, admin.headers)).json().totalCount).toBe(0);
    const page1 = (await call('GET', '/api/activity-logs?pageSize=1&page=1', admin.headers)).json();
    const page2 = (await call('GET', '/api/activity-logs?pageSize=1&page=2', admin.headers)).json();
    expect(page1.results).toHaveLength(1);
    expect(page1.results[0]._id).not.toBe(page2.results[0]._id);
    for (const h of [B.recruiterAuth.headers, B.staffAuth.headers]) {
      const res = await call('GET', `/api/activity-logs?clientId=${A.client.id}`, h);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ errorMsg: { logs: [messages.server.clientNotFound] } });
    }
    expect((await call('GET', '/api/activity-logs?clientId=abc', admin.headers)).statusCode).toBe(400);
    expect((await call('GET', '/api/activity-logs?from=yesterday', admin.headers)).statusCode).toBe(400);
  });

  it("the portal's selected client (X-Client-Id) does not filter the list: only the query's clientId does", async () => {
    const all = (await call('GET', '/api/activity-logs?pageSize=200', admin.headers)).json();
    const selected = (await call('GET', '/api/activity-logs?pageSize=200', { ...admin.headers, 'x-client-id': A.client.id })).json();
    expect(selected.totalCount).toBe(all.totalCount);
    expect(selected.results.some((l: Log) => l.clientId === B.client.id)).toBe(true);
  });
});
