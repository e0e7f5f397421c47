import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, setupTestApp, TEST_PASSWORD, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
let cookie: string;
let refreshCookie: string;
beforeAll(async () => {
  t = await setupTestApp();
  const user = await createUser(t.app, { role: 'recruiter' });
  const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: TEST_PASSWORD, strategy: 'refresh' } });
  expect(login.statusCode).toBe(200);
  const jar = login.cookies as Array<{ name: string; value: string }>;
  cookie = `auth._token.local=${jar.find((c) => c.name === 'auth._token.local')?.value}`;
  refreshCookie = `auth._refresh_token.local=${jar.find((c) => c.name === 'auth._refresh_token.local')?.value}`;
});
afterAll(() => t?.close());

const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/user/fetch-logged-in', headers: { cookie, ...headers } });

describe('the auth cookie signs in only requests from the product’s own pages', () => {
  it('same-origin, a typed address and clients without Fetch Metadata are signed in by the cookie', async () => {
    expect((await me({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await me({ 'sec-fetch-site': 'none' })).statusCode).toBe(200);
    expect((await me({})).statusCode).toBe(200);
  });

  it('a sandboxed frame (Origin: null) or another site gets no session from the cookie: 401', async () => {
    const cases: Array<Record<string, string>> = [
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of cases) {
      const res = await me(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
    }
  });

  it('the refresh cookie is refused the same way, and still works from the portal', async () => {
    const refresh = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/refresh-token', headers: { cookie: refreshCookie, ...headers }, payload: {} });
    expect((await refresh({ origin: 'null', 'sec-fetch-site': 'cross-site' })).statusCode).toBe(401);
    const ok = await refresh({ 'sec-fetch-site': 'same-origin' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().tokens.accessToken).toEqual(expect.any(String));
  });
});
