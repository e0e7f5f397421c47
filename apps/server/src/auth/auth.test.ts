import { messages } from '@hh/contract/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets, users } from '../db/schema/core.ts';
import { countRows, createUser, mailText, setupTestApp, signIn, startSmtp, TEST_PASSWORD, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await setupTestApp({ SMTP_URL: smtp.url, LOGIN_MAX_FAILURES: '10' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const login = (email: string, password: string, extra: Record<string, unknown> = {}, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password, ...extra }, remoteAddress: ip });

describe('POST /api/login', () => {
  it('returns an access token that lives 1800 s, the user, and the auth cookie', async () => {
    const u = await createUser(t.app, { role: 'admin' });
    const res = await login(u.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.tokens.expiresIn).toBe(1800);
    expect(body.tokens.refreshToken).toBeUndefined();
    const payload = JSON.parse(Buffer.from(body.tokens.accessToken.split('.')[1], 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(1800);
    expect(body.user.email).toBe(u.email);
    expect(body.user).not.toHaveProperty('password');
    expect(body.user).not.toHaveProperty('passwordHash');
    const cookie = res.cookies.find((c) => c.name === 'auth._token.local');
    expect(cookie).toMatchObject({ path: '/', maxAge: 1209600, sameSite: 'Lax', httpOnly: true });
    expect(cookie?.secure).toBeFalsy();
  });

  it('does not believe X-Forwarded-Proto from an untrusted address (TRUST_PROXY off; the secure cookie is tested in core/security)', async () => {
    const u = await createUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: u.email, password: TEST_PASSWORD },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.cookies.find((c) => c.name === 'auth._token.local')?.secure).toBeFalsy();
  });

  it('also returns a 14-day refresh token in the refresh strategy', async () => {
    const u = await createUser(t.app);
    const res = await login(u.email, TEST_PASSWORD, { strategy: 'refresh' });
    expect(res.statusCode).toBe(200);
    expect(typeof res.json().tokens.refreshToken).toBe('string');
    const [row] = (
      await t.app.pool.query('SELECT extract(epoch FROM expires_at - created_at)::float AS ttl FROM refresh_tokens ORDER BY created_at DESC LIMIT 1')
    ).rows;
    expect(Math.abs(row.ttl - 1209600)).toBeLessThan(60);
  });

  it('gives a wrong email and a wrong password the same message', async () => {
    const u = await createUser(t.app);
    const wrongPw = await login(u.email, 'not-the-password', {}, '10.0.0.2');
    const wrongEmail = await login('nobody@test.example', 'whatever-123', {}, '10.0.0.2');
    expect(wrongPw.statusCode).toBe(401);
    expect(wrongEmail.statusCode).toBe(401);
    expect(wrongPw.json()).toEqual({ errorMsg: { auth: [messages.server.invalidCredentials] } });
    expect(wrongEmail.json()).toEqual(wrongPw.json());
  });

  it('answers 429 with Retry-After after 10 failures for one account within 15 minutes, from any address', async () => {
    const u = await createUser(t.app);
    for (let i = 0; i < 10; i++) expect((await login(u.email, 'bad-password', {}, '10.0.0.3')).statusCode).toBe(401);
    const blocked = await login(u.email, TEST_PASSWORD, {}, '10.0.0.3');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().errorMsg.auth[0]).toBe(messages.server.tooManyAttempts);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    // the per-account limit holds whatever the address
    expect((await login(u.email, TEST_PASSWORD, {}, '10.0.0.4')).statusCode).toBe(429);
  });

  it('refuses a suspended user', async () => {
    const u = await createUser(t.app, { status: 'Suspended' });
    const res = await login(u.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json().errorMsg.auth[0]).toBe(messages.server.userSuspended);
  });

  it('rejects malformed JSON with 400 and a named problem', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorMsg.body[0]).toBe(messages.server.malformedJson);
  });
});

describe('signed-in calls', () => {
  it('fetch-logged-in returns the user; no token gets 401', async () => {
    const u = await createUser(t.app);
    const { headers } = await signIn(t.app, u.email);
    const ok = await t.app.inject({ method: 'GET', url: '/api/user/fetch-logged-in', headers });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user._id).toBe(u.id);
    const anon = await t.app.inject({ method: 'GET', url: '/api/user/fetch-logged-in' });
    expect(anon.statusCode).toBe(401);
    const forged = await t.app.inject({ method: 'GET', url: '/api/user/fetch-logged-in', headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().errorMsg.auth[0]).toBe(messages.session.expired);
  });

  it('a user suspended while signed in gets 403 with the auth message on the next call', async () => {
    const u = await createUser(t.app);
    const { headers } = await signIn(t.app, u.email);
    await t.app.db.update(users).set({ status: 'Suspended' }).where(eq(users.id, u.id));
    const res = await t.app.inject({ method: 'GET', url: '/api/user/fetch-logged-in', headers });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errorMsg: { auth: [messages.server.userSuspended] } });
  });

  it('accepts the auth cookie, and refuses a cookie-authenticated write without the portal header', async () => {
    const u = await createUser(t.app);
    const { tokens } = await signIn(t.app, u.email);
    const cookies = { 'auth._token.local': tokens.accessToken };
    expect((await t.app.inject({ method: 'GET', url: '/api/user/fetch-logged-in', cookies })).statusCode).toBe(200);
    const csrf = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/update-password',
      cookies,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'another-pass-1' },
    });
    expect(csrf.statusCode).toBe(403);
  });
});

describe('refresh tokens', () => {
  it('rotates: the new token works, the used one stops working, and reuse revokes the family', async () => {
    const u = await createUser(t.app);
    const first = await signIn(t.app, u.email, TEST_PASSWORD, 'refresh');
    const r1 = await t.app.inject({ method: 'POST', url: '/api/refresh-token', payload: { refreshToken: first.tokens.refreshToken } });
    expect(r1.statusCode).toBe(200);
    const second = r1.json();
    expect(second.tokens.refreshToken).not.toBe(first.tokens.refreshToken);
    expect(second.refresh_token).toBe(second.tokens.refreshToken);
    const newHeaders = { authorization: `Bearer ${second.tokens.accessToken}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/user/fetch-logged-in', headers: newHeaders })).statusCode).toBe(200);

    // replay of the used token: refused, and the whole family is revoked
    const replay = await t.app.inject({ method: 'POST', url: '/api/refresh-token', payload: { refreshToken: first.tokens.refreshToken } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().errorMsg.auth[0]).toBe(messages.server.refreshInvalid);
    const afterTheft = await t.app.inject({ method: 'POST', url: '/api/refresh-token', payload: { refreshToken: second.tokens.refreshToken } });
    expect(afterTheft.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/fetch-logged-in', headers: newHeaders })).statusCode).toBe(401);
  });

  it('refuses an unknown refresh token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/refresh-token', payload: { refreshToken: 'nope' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/logout', () => {
  it('revokes the refresh token it is sent, and the access token of the call', async () => {
    const u = await createUser(t.app);
    const s = await signIn(t.app, u.email, TEST_PASSWORD, 'refresh');
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: s.headers, payload: { refreshToken: s.tokens.refreshToken } });
    expect(out.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'POST', url: '/api/refresh-token', payload: { refreshToken: s.tokens.refreshToken } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/fetch-logged-in', headers: s.headers })).statusCode).toBe(401);
  });
});

describe('passwords', () => {
  it('emails a single-use reset link that sets the new password and revokes sessions', async () => {
    const u = await createUser(t.app);
    const old = await signIn(t.app, u.email);
    const ask = await t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { email: u.email } });
    expect(ask.statusCode).toBe(200);
    expect(ask.json().message).toBe(messages.server.resetRequested);
    const mail = await smtp.waitFor(u.email);
    const link = mailText(mail.raw).match(/password-reset\?token=([A-Za-z0-9_-]+)/);
    expect(link).not.toBeNull();
    const token = link![1];
    const done = await t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { token, password: 'brand-new-pass' } });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(messages.accounts.passwordResetSuccess);
    expect((await login(u.email, 'brand-new-pass', {}, '10.9.0.1')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/fetch-logged-in', headers: old.headers })).statusCode).toBe(401);
    const again = await t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { token, password: 'another-pass-2' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().errorMsg.auth[0]).toBe(messages.server.resetLinkInvalid);
  });

  it('answers an unknown email like a known one and sends nothing', async () => {
    const before = await countRows(t.app, 'outbox');
    const res = await t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { email: 'ghost@test.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.server.resetRequested);
    expect(await countRows(t.app, 'outbox')).toBe(before);
  });

  it('refuses an expired reset link', async () => {
    const u = await createUser(t.app);
    await t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { email: u.email } });
    const mail = await smtp.waitFor(u.email);
    const token = mailText(mail.raw).match(/token=([A-Za-z0-9_-]+)/)![1];
    await t.app.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, u.id));
    const res = await t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { token, password: 'brand-new-pass' } });
    expect(res.statusCode).toBe(400);
  });

  it('update-password needs the current password, enforces 8-128 chars, and revokes every session', async () => {
    const u = await createUser(t.app);
    const a = await signIn(t.app, u.email);
    const b = await signIn(t.app, u.email);
    const wrong = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/update-password',
      headers: a.headers,
      payload: { currentPassword: 'wrong-one-1', newPassword: 'new-password-1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errorMsg.password[0]).toBe(messages.server.currentPasswordWrong);
    const short = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/update-password',
      headers: a.headers,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errorMsg.newPassword[0]).toBe(messages.server.passwordLength);
    const tooLong = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/update-password',
      headers: a.headers,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'x'.repeat(129) },
    });
    expect(tooLong.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/update-password',
      headers: a.headers,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'new-password-1' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(messages.accounts.passwordUpdateSuccess);
    for (const s of [a, b]) expect((await t.app.inject({ method: 'GET', url: '/api/user/fetch-logged-in', headers: s.headers })).statusCode).toBe(401);
    expect((await login(u.email, 'new-password-1', {}, '10.9.0.2')).statusCode).toBe(200);
    expect(await countRows(t.app, 'activity_logs', `entity = 'user' AND entity_id = '${u.id}'`)).toBeGreaterThan(0);
  });
});

describe('operations', () => {
  it('GET /health reports the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('serves an OpenAPI 3.1 document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/login'].post.requestBody).toBeDefined();
  });

  it('carries a request id on every reply', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'req-123' } });
    expect(res.headers['x-request-id']).toBe('req-123');
  });
});
