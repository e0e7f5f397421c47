import { messages } from '@hh/contract/messages';
import { MAX_JSON_DEPTH } from '@hh/contract/security';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTenant, createUser, setupTestApp, signIn, TEST_PASSWORD, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
let admin: { headers: Record<string, string> };

beforeAll(async () => {
  t = await setupTestApp();
  A = await createTenant(t.app);
  admin = await signIn(t.app, (await createUser(t.app, { role: 'admin' })).email);
});
afterAll(async () => t.close());

describe('X-Forwarded-For does not bypass the lockout', () => {
  it('40 wrong passwords from 40 forged forwarded addresses lock the account after 10; the right password is then 429', async () => {
    const u = await createUser(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 40; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: u.email, password: 'wrong-password' },
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      codes.push(r.statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes.slice(10).every((c) => c === 429)).toBe(true);
    // (After 60 tries the per-address limit of @fastify/rate-limit answers too; a fresh address still meets the account lock.)
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: u.email, password: TEST_PASSWORD },
      headers: { 'x-forwarded-for': '192.0.2.1' },
      remoteAddress: '192.0.2.77',
    });
    expect(right.statusCode).toBe(429);
    expect(right.json().errorMsg.auth).toEqual([messages.server.tooManyAttempts]);
    expect(right.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('TRUST_PROXY: off by default; a hop count or an address list when set; `true` is refused with a clear message', () => {
    expect(loadConfig({}, {}).TRUST_PROXY).toBe(false);
    expect(loadConfig({}, { TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({}, { TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => loadConfig({}, { TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY must be false, a hop count/);
    expect(loadConfig({}, {}).HOST).toBe('127.0.0.1');
  });
});

describe('lone surrogates and NUL bytes are a 400 naming the field', () => {
  const cases: Array<[string, 'POST' | 'PATCH', string, () => object, string]> = [
    ['client create', 'POST', '/api/client/create', () => ({ name: 'A\ud800' }), 'name'],
    ['client update', 'PATCH', '/api/client/update', () => ({ _id: A.client.id, industry: 'x\udc00y' }), 'industry'],
    [
      'user create',
      'POST',
      '/api/user/create',
      () => ({ email: 'n@x.example', password: 'a-good-password', basicInfo: { firstName: '\ud800' } }),
      'basicInfo.firstName',
    ],
    ['user update', 'PATCH', '/api/user/update', () => ({ _id: A.staff.id, department: 'a\u0000b' }), 'department'],
    [
      'activity log',
      'POST',
      '/api/activity-logs/create',
      () => ({ clientId: A.client.id, action: 'note', entity: 'client', changes: { note: '\ud800' } }),
      'changes.note',
    ],
  ];
  it.each(cases)('%s', async (_name, method, url, payload, field) => {
    const r = await t.app.inject({ method, url, headers: admin.headers, payload: payload() });
    expect(r.statusCode).toBe(400);
    expect(r.json().errorMsg[field]).toEqual([messages.security.invalidText]);
  });

  it('job update with a lone surrogate in the title', async () => {
    const job = await t.app.inject({
      method: 'POST',
      url: '/api/job/create',
      headers: A.staffAuth.headers,
      payload: { clientId: A.client.id, title: 'Nurse' },
    });
    const r = await t.app.inject({
      method: 'PATCH',
      url: '/api/job/update',
      headers: A.staffAuth.headers,
      payload: { _id: job.json()._id, clientId: A.client.id, title: '\ud83d' },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().errorMsg.title).toEqual([messages.security.invalidText]);
  });

  it('a NUL byte in a path segment (GET /%00/indeed-apply/xml) is 400 before any query', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/%00/indeed-apply/xml' });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ errorMsg: { path: [messages.security.invalidText] } });
    const q = await t.app.inject({ method: 'GET', url: '/api/search-jobs?nameSlug=a%00b' });
    expect(q.statusCode, q.body).toBe(400);
    expect(q.json().errorMsg, q.body).toEqual({ nameSlug: [messages.security.invalidText] });
  });

  it('a valid surrogate pair (an emoji) is fine', async () => {
    const r = await t.app.inject({ method: 'PATCH', url: '/api/client/update', headers: admin.headers, payload: { _id: A.client.id, industry: 'Care 💙' } });
    expect(r.statusCode, r.body).toBe(200);
  });
});

describe('JSON nested 5,000 deep is a 400 naming the field', () => {
  it('integrations nested 5,000 levels', async () => {
    const deep = `${'{"a":'.repeat(5000)}"x"${'}'.repeat(5000)}`;
    const r = await t.app.inject({
      method: 'PATCH',
      url: '/api/client/update',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: `{"_id":"${A.client.id}","integrations":{"x":${deep}}}`,
    });
    expect(r.statusCode).toBe(400);
    const [field, msgs] = Object.entries(r.json().errorMsg)[0] as [string, string[]];
    expect(field.startsWith('integrations.x.a')).toBe(true);
    expect(msgs).toEqual([messages.security.tooDeep(MAX_JSON_DEPTH)]);
    const read = await t.app.inject({ method: 'GET', url: `/api/client/get-by-id?clientId=${A.client.id}`, headers: admin.headers });
    expect(read.statusCode).toBeLessThan(500);
  });
});
