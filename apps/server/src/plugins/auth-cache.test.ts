import { messages } from '@hh/contract/messages';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createDb, createPool } from '../db/client.ts';
import { users } from '../db/schema/core.ts';
import { createUser, setupTestApp, signIn, TEST_PASSWORD, type TestApp } from '../../test/helpers.ts';

// Two app instances on one database stand for two server processes: A is the test app, B a
// second buildApp with its own pool and its own session cache and listener.
let t: TestApp;
let b: FastifyInstance;
let bPool: ReturnType<typeof createPool>;

beforeAll(async () => {
  t = await setupTestApp();
  bPool = createPool(t.app.databaseUrl, 3);
  b = await buildApp({ config: t.app.config, db: createDb(bPool), pool: bPool, databaseUrl: t.app.databaseUrl, logger: false });
  await b.ready();
});
afterAll(async () => {
  await b.close();
  await bPool.end();
  await t.close();
});

const me = (app: FastifyInstance, headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/user/fetch-logged-in', headers });

/** Waits (up to `ms`) until `cond` holds; the listener's notification arrives asynchronously. */
async function until(cond: () => boolean, ms = 2000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Signs a user in on A and makes one call on B, so B holds the session in its cache. */
async function cachedOnB() {
  const u = await createUser(t.app);
  const s = await signIn(t.app, u.email);
  expect((await me(b, s.headers)).statusCode).toBe(200);
  const hits = b.authCache.stats.hits;
  expect((await me(b, s.headers)).statusCode).toBe(200);
  expect(b.authCache.stats.hits).toBe(hits + 1); // served from B's cache
  return { u, s };
}

describe('session cache', () => {
  it('serves repeated calls from the cache with the same actor', async () => {
    const u = await createUser(t.app);
    const { headers } = await signIn(t.app, u.email);
    expect(t.app.authCache.connected).toBe(true);
    const first = await me(t.app, headers);
    const hits = t.app.authCache.stats.hits;
    const second = await me(t.app, headers);
    expect(t.app.authCache.stats.hits).toBe(hits + 1);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(second.json().user._id).toBe(u.id);
  });

  it('a user suspended through instance A gets 403 at once on A and, after the notification, on B', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const adminAuth = await signIn(t.app, admin.email);
    const { u, s } = await cachedOnB();
    expect((await me(t.app, s.headers)).statusCode).toBe(200); // cached on A too
    const notes = b.authCache.stats.notifications;
    const upd = await t.app.inject({ method: 'PATCH', url: '/api/user/update', headers: adminAuth.headers, payload: { _id: u.id, status: 'Suspended' } });
    expect(upd.statusCode).toBe(200);
    const onA = await me(t.app, s.headers);
    expect(onA.statusCode).toBe(403);
    expect(onA.json()).toEqual({ errorMsg: { auth: [messages.server.userSuspended] } });
    await until(() => b.authCache.stats.notifications > notes);
    const onB = await me(b, s.headers);
    expect(onB.statusCode).toBe(403);
    expect(onB.json()).toEqual({ errorMsg: { auth: [messages.server.userSuspended] } });
  });

  it('a direct SQL suspension reaches both instances within 2 s', async () => {
    const { u, s } = await cachedOnB();
    expect((await me(t.app, s.headers)).statusCode).toBe(200);
    const notesA = t.app.authCache.stats.notifications;
    const notesB = b.authCache.stats.notifications;
    await t.app.db.update(users).set({ status: 'Suspended' }).where(eq(users.id, u.id));
    await until(() => t.app.authCache.stats.notifications > notesA && b.authCache.stats.notifications > notesB);
    for (const app of [t.app, b]) {
      const res = await me(app, s.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ errorMsg: { auth: [messages.server.userSuspended] } });
    }
  });

  it('rights changed in the database reach the cached actor (user type change)', async () => {
    const { u, s } = await cachedOnB();
    expect((await me(b, s.headers)).json().user.userTypeGlobal).toBe('user');
    const notes = b.authCache.stats.notifications;
    await t.app.db.update(users).set({ userTypeGlobal: 'recruiter' }).where(eq(users.id, u.id));
    await until(() => b.authCache.stats.notifications > notes);
    const hits = b.authCache.stats.hits;
    const res = await me(b, s.headers);
    expect(b.authCache.stats.hits).toBe(hits); // evicted: the actor was rebuilt from the changed row
    expect(res.statusCode).toBe(200);
    expect(res.json().user.userTypeGlobal).toBe('recruiter');
    const next = b.authCache.stats.hits;
    expect((await me(b, s.headers)).statusCode).toBe(200);
    expect(b.authCache.stats.hits).toBe(next + 1);
  });

  it('logout on A revokes the session on B (401 after the notification) and at once on A', async () => {
    const u = await createUser(t.app);
    const s = await signIn(t.app, u.email, undefined, 'refresh');
    expect((await me(b, s.headers)).statusCode).toBe(200);
    expect((await me(t.app, s.headers)).statusCode).toBe(200);
    const notes = b.authCache.stats.notifications;
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: s.headers, payload: { refreshToken: s.tokens.refreshToken } });
    expect(out.statusCode).toBe(204);
    const onA = await me(t.app, s.headers);
    expect(onA.statusCode).toBe(401);
    expect(onA.json()).toEqual({ errorMsg: { auth: [messages.session.expired] } });
    await until(() => b.authCache.stats.notifications > notes);
    const onB = await me(b, s.headers);
    expect(onB.statusCode).toBe(401);
    expect(onB.json()).toEqual({ errorMsg: { auth: [messages.session.expired] } });
  });

  it('refresh-token reuse revokes the session at once on the instance that saw it', async () => {
    const u = await createUser(t.app);
    const s = await signIn(t.app, u.email, undefined, 'refresh');
    expect((await me(t.app, s.headers)).statusCode).toBe(200);
    const r1 = await t.app.inject({ method: 'POST', url: '/api/refresh-token', payload: { refreshToken: s.tokens.refreshToken } });
    expect(r1.statusCode).toBe(200);
    expect((await me(t.app, s.headers)).statusCode).toBe(200); // the old access token still works until reuse
    const r2 = await t.app.inject({ method: 'POST', url: '/api/refresh-token', payload: { refreshToken: s.tokens.refreshToken } });
    expect(r2.statusCode).toBe(401);
    const res = await me(t.app, s.headers);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errorMsg: { auth: [messages.session.expired] } });
  });

  it('a password change on A ends the other sessions on B after the notification', async () => {
    const u = await createUser(t.app);
    const other = await signIn(t.app, u.email); // a second device
    expect((await me(b, other.headers)).statusCode).toBe(200);
    const s = await signIn(t.app, u.email);
    const notes = b.authCache.stats.notifications;
    const change = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/update-password',
      headers: s.headers,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'another-horse-10' },
    });
    expect(change.statusCode).toBe(200);
    await until(() => b.authCache.stats.notifications > notes);
    expect((await me(b, other.headers)).statusCode).toBe(401);
    expect((await me(t.app, other.headers)).statusCode).toBe(401);
  });

  it('a lost listener disables the cache (calls stay correct), then it reconnects and caches again', async () => {
    const { u, s } = await cachedOnB();
    const pid = b.authCache.listenerPid;
    expect(pid).toBeTypeOf('number');
    const disconnects = b.authCache.stats.disconnects;
    const connects = b.authCache.stats.connects;
    await t.app.pool.query('SELECT pg_terminate_backend($1)', [pid]);
    await until(() => b.authCache.stats.disconnects > disconnects, 5000);
    expect(b.authCache.size).toBe(0); // cleared: nothing cached while not listening can be trusted
    // While (or right after) the listener is down, a change made behind B's back is still seen at once.
    await t.app.db.update(users).set({ status: 'Suspended' }).where(eq(users.id, u.id));
    const res = await me(b, s.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errorMsg: { auth: [messages.server.userSuspended] } });
    await until(() => b.authCache.connected && b.authCache.stats.connects > connects, 5000);
    expect(b.authCache.listenerPid).not.toBe(pid);
    // Listening again: caching and notifications work.
    const again = await cachedOnB();
    const notes = b.authCache.stats.notifications;
    await t.app.db.update(users).set({ status: 'Suspended' }).where(eq(users.id, again.u.id));
    await until(() => b.authCache.stats.notifications > notes);
    expect((await me(b, again.s.headers)).statusCode).toBe(403);
  });

  it('does not use entries while the listener is down', async () => {
    const u = await createUser(t.app);
    const s = await signIn(t.app, u.email);
    const cache = t.app.authCache;
    await cache.close(); // the listener stops for good on this instance (as on app close)
    expect(cache.connected).toBe(false);
    const hits = cache.stats.hits;
    expect((await me(t.app, s.headers)).statusCode).toBe(200);
    expect((await me(t.app, s.headers)).statusCode).toBe(200);
    expect(cache.stats.hits).toBe(hits);
    expect(cache.size).toBe(0);
    await t.app.db.update(users).set({ status: 'Suspended' }).where(eq(users.id, u.id));
    expect((await me(t.app, s.headers)).statusCode).toBe(403);
  });
});
