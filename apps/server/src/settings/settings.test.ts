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
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, payload });

describe('user settings', () => {
  it('get is null before create; create 201; a second create 409; update; each logged', async () => {
    const h = A.staffAuth.headers;
    const none = await call('GET', `/api/user-settings?clientId=${A.client.id}`, h);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    const missing = await call('PATCH', '/api/user-settings/update', h, { clientId: A.client.id, crm: { requisitions: { columns: ['title'] } } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ errorMsg: { userSettings: [messages.server.settingsNotFound] } });
    const created = await call('POST', '/api/user-settings/create', h, { clientId: A.client.id, crm: { requisitions: { columns: ['title', 'city'] } } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ userId: A.staff.id, clientId: A.client.id, crm: { requisitions: { columns: ['title', 'city'] } } });
    const again = await call('POST', '/api/user-settings/create', h, { clientId: A.client.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errorMsg: { userSettings: [messages.server.settingsExist] } });
    const up = await call('PATCH', '/api/user-settings/update', h, { clientId: A.client.id, crm: { requisitions: { columns: ['status'] } } });
    expect(up.statusCode).toBe(200);
    expect(up.json().crm.requisitions.columns).toEqual(['status']);
    expect((await call('GET', `/api/user-settings?clientId=${A.client.id}`, h)).json()._id).toBe(created.json()._id);
    expect(await countRows(t.app, 'activity_logs', `entity = 'userSettings' AND client_id = '${A.client.id}'`)).toBe(2);
  });

  it("settings are per user: the recruiter does not see the staff member's settings", async () => {
    const r = await call('GET', `/api/user-settings?clientId=${A.client.id}`, A.recruiterAuth.headers);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toBeNull();
    expect((await call('POST', '/api/user-settings/create', A.recruiterAuth.headers, { clientId: A.client.id })).json().crm).toEqual({
      requisitions: { columns: [] },
    });
  });

  it("another tenant's client is a 404 for every call; a malformed id 400", async () => {
    for (const h of [B.staffAuth.headers, B.recruiterAuth.headers]) {
      const get = await call('GET', `/api/user-settings?clientId=${A.client.id}`, h);
      expect(get.statusCode).toBe(404);
      expect(get.json()).toEqual({ errorMsg: { userSettings: [messages.server.clientNotFound] } });
      expect((await call('POST', '/api/user-settings/create', h, { clientId: A.client.id })).statusCode).toBe(404);
      expect((await call('PATCH', '/api/user-settings/update', h, { clientId: A.client.id })).statusCode).toBe(404);
    }
    const bad = await call('GET', '/api/user-settings?clientId=abc', A.staffAuth.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorMsg.clientId).toEqual([messages.server.invalidId]);
    const cols = await call('POST', '/api/user-settings/create', A.staffAuth.headers, { clientId: A.client.id, crm: { requisitions: { columns: 'title' } } });
    expect(cols.statusCode).toBe(400);
  });
});
