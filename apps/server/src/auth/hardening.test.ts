import { messages } from '@hh/contract/messages';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, mailText, setupTestApp, signIn, startSmtp, TEST_PASSWORD, type TestApp } from '../../test/helpers.ts';

/** Hardening (decision 0400): password reset, current-password guesses, future `iat`. */
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await setupTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const ask = (email: string, ip = '10.1.0.1') => t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { email }, remoteAddress: ip });
const tokensIn = (to: string) =>
  smtp.mails.filter((m) => m.to.includes(to)).map((m) => mailText(m.raw).match(/password-reset\?token=([A-Za-z0-9_-]+)/)?.[1] as string);
async function mails(to: string, n: number) {
  const deadline = Date.now() + 15000;
  while (tokensIn(to).length < n) {
    if (Date.now() > deadline) throw new Error(`expected ${n} mails to ${to}`);
    await smtp.waitFor(to);
    await new Promise((r) => setTimeout(r, 50));
  }
  return tokensIn(to);
}
const complete = (token: string, password: string) => t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { token, password } });

describe('password reset', () => {
  it('a newer link revokes the earlier one; the newest works once', async () => {
    const u = await createUser(t.app);
    expect((await ask(u.email)).statusCode).toBe(200);
    const [first] = await mails(u.email, 1);
    expect((await ask(u.email)).statusCode).toBe(200);
    const [, second] = await mails(u.email, 2);
    const old = await complete(first, 'brand-new-pass-1');
    expect(old.statusCode).toBe(400);
    expect(old.json().errorMsg.auth).toEqual([messages.server.resetLinkInvalid]);
    expect((await complete(second, 'brand-new-pass-2')).statusCode).toBe(200);
  });

  it('a reset revokes every link still open for the account', async () => {
    const u = await createUser(t.app);
    await ask(u.email);
    const [token] = await mails(u.email, 1);
    // A second open link forced in (as an older process might have left it).
    await t.app.pool.query(`INSERT INTO password_resets (user_id, token_hash, expires_at) VALUES ($1, 'forced', now() + interval '1 hour')`, [u.id]);
    expect((await complete(token, 'brand-new-pass-3')).statusCode).toBe(200);
    const open = await t.app.pool.query('SELECT count(*)::int AS n FROM password_resets WHERE user_id = $1 AND used_at IS NULL', [u.id]);
    expect(open.rows[0].n).toBe(0);
  });

  it('requests are limited per account (5 an hour, from any address): the 6th is 429 with Retry-After, known or unknown', async () => {
    for (const email of [(await createUser(t.app)).email, `ghost-${Date.now()}@test.example`]) {
      for (let i = 0; i < 5; i++) expect((await ask(email, `10.2.0.${i}`)).statusCode).toBe(200);
      const sixth = await ask(email, '10.2.0.99');
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json()).toEqual({ errorMsg: { auth: [messages.security.resetTooMany] } });
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('requests are limited per address by @fastify/rate-limit (10 in 15 minutes): 429 with Retry-After', async () => {
    const codes: number[] = [];
    let last: Awaited<ReturnType<typeof ask>> | null = null;
    for (let i = 0; i < 11; i++) {
      last = await ask(`nobody-${i}-${Date.now()}@test.example`, '10.3.0.1');
      codes.push(last.statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
    expect(last?.json()).toEqual({ errorMsg: { request: [messages.security.tooManyRequests] } });
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a known and an unknown address get the same reply (the mail is sent after it)', async () => {
    const u = await createUser(t.app);
    const a = await ask(u.email, '10.4.0.1');
    const b = await ask(`ghost2-${Date.now()}@test.example`, '10.4.0.2');
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.body).toBe(b.body);
    await mails(u.email, 1);
  });
});

describe('current-password guesses and tokens', () => {
  it('after 5 wrong current passwords, update-password is 429 with Retry-After even with the right one', async () => {
    const u = await createUser(t.app);
    const s = await signIn(t.app, u.email);
    const upd = (currentPassword: string, ip: string) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/user/update-password',
        headers: s.headers,
        payload: { currentPassword, newPassword: 'new-password-9' },
        remoteAddress: ip,
      });
    for (let i = 0; i < 5; i++) expect((await upd(`wrong-${i}-pass`, `10.5.0.${i}`)).statusCode).toBe(400);
    const r = await upd(TEST_PASSWORD, '10.5.0.9');
    expect(r.statusCode).toBe(429);
    expect(r.json()).toEqual({ errorMsg: { password: [messages.security.passwordGuesses] } });
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a token with an `iat` in the future is refused', async () => {
    const u = await createUser(t.app);
    const s = await signIn(t.app, u.email);
    const sid = JSON.parse(Buffer.from(s.headers.authorization.split('.')[1], 'base64url').toString()).sid;
    const future = Math.floor(Date.now() / 1000) + 3600;
    const forged = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(u.id)
      .setIssuedAt(future)
      .setExpirationTime(future + 1800)
      .sign(t.app.config.jwtSecret);
    const r = await t.app.inject({ method: 'GET', url: '/api/user/fetch-logged-in', headers: { authorization: `Bearer ${forged}` } });
    expect(r.statusCode).toBe(401);
  });
});
