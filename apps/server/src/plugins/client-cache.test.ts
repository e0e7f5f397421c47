import { messages } from '@hh/contract/messages';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadAccessibleClient } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import { createDb, createPool } from '../db/client.ts';
import { clients } from '../db/schema/core.ts';
import { createClient, createUser, setupTestApp, signIn, type TestApp } from '../../test/helpers.ts';

// Two app instances on one database stand for two server processes: A is the test app, B a
// second buildApp with its own pool, its own caches and its own listener (as in auth-cache.test.ts).
let t: TestApp;
let b: FastifyInstance;
let bPool: ReturnType<typeof createPool>;
let admin: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  t = await setupTestApp();
  bPool = createPool(t.app.databaseUrl, 3);
  b = await buildApp({ config: t.app.config, db: createDb(bPool), pool: bPool, databaseUrl: t.app.databaseUrl, logger: false });
  await b.ready();
  admin = await signIn(t.app, (await createUser(t.app, { role: 'admin' })).email);
});
afterAll(async () => {
  await b.close();
  await bPool.end();
  await t.close();
});

const getById = (app: FastifyInstance, headers: Record<string, string>, id: string) =>
  app.inject({ method: 'GET', url: `/api/client/get-by-id?clientId=${id}`, headers });

/** Waits (up to `ms`) until `cond` holds; the listener's notification arrives asynchronously. */
async function until(cond: () => boolean, ms = 2000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const store = (app: FastifyInstance) => app.authCache.clients;

/** Reads a client twice on `app`; the second read must be a cache hit. */
async function cachedOn(app: FastifyInstance, headers: Record<string, string>, id: string) {
  expect((await getById(app, headers, id)).statusCode).toBe(200);
  const hits = store(app).stats.hits;
  const res = await getById(app, headers, id);
  expect(res.statusCode).toBe(200);
  expect(store(app).stats.hits).toBe(hits + 1);
  return res.json();
}

describe('client cache', () => {
  it('serves repeated reads from the cache with the same reply', async () => {
    const c = await createClient(t.app, { industry: 'Health' });
    const first = await getById(t.app, admin.headers, c.id);
    const second = await cachedOn(t.app, admin.headers, c.id);
    expect(second).toEqual(first.json());
    expect(second.industry).toBe('Health');
  });

  it('a client updated through A is read fresh on A at once and on B after the notification', async () => {
    const c = await createClient(t.app, { industry: 'Before' });
    await cachedOn(t.app, admin.headers, c.id);
    await cachedOn(b, admin.headers, c.id);
    const notes = store(b).stats.notifications;
    const upd = await t.app.inject({ method: 'PATCH', url: '/api/client/update', headers: admin.headers, payload: { _id: c.id, industry: 'After' } });
    expect(upd.statusCode).toBe(200);
    expect((await getById(t.app, admin.headers, c.id)).json().industry).toBe('After'); // evicted locally on commit
    await until(() => store(b).stats.notifications > notes);
    expect((await getById(b, admin.headers, c.id)).json().industry).toBe('After');
    expect((await cachedOn(b, admin.headers, c.id)).industry).toBe('After'); // and cached again
  });

  it('a recruiter removed from accountManagers on A loses access on B (404) after the notification', async () => {
    const manager = await createUser(t.app, { role: 'recruiter' });
    const m = await signIn(t.app, manager.email);
    const c = await createClient(t.app, { accountManagers: [manager.id] });
    await cachedOn(b, m.headers, c.id);
    await cachedOn(t.app, m.headers, c.id);
    const notes = store(b).stats.notifications;
    const upd = await t.app.inject({ method: 'PATCH', url: '/api/client/update', headers: admin.headers, payload: { _id: c.id, accountManagers: [] } });
    expect(upd.statusCode).toBe(200);
    const onA = await getById(t.app, m.headers, c.id);
    expect(onA.statusCode).toBe(404);
    expect(onA.json()).toEqual({ errorMsg: { clients: [messages.server.clientNotFound] } });
    await until(() => store(b).stats.notifications > notes);
    const onB = await getById(b, m.headers, c.id);
    expect(onB.statusCode).toBe(404);
    expect(onB.json()).toEqual({ errorMsg: { clients: [messages.server.clientNotFound] } });
    // Still cached for the admin, still hidden from the recruiter: the rule is applied to cached rows too.
    await cachedOn(b, admin.headers, c.id);
    expect((await getById(b, m.headers, c.id)).statusCode).toBe(404);
  });

  it('the access rule holds on cached rows: creator, staff of the client, other tenants', async () => {
    const creator = await createUser(t.app, { role: 'recruiter' });
    const c = await createClient(t.app, { createdBy: creator.id });
    const staff = await createUser(t.app, { role: 'user', clientId: c.id });
    const otherRecruiter = await createUser(t.app, { role: 'recruiter' });
    const otherStaff = await createUser(t.app, { role: 'user', clientId: (await createClient(t.app)).id });
    await cachedOn(b, admin.headers, c.id);
    for (const u of [creator, staff]) await cachedOn(b, (await signIn(t.app, u.email)).headers, c.id);
    for (const u of [otherRecruiter, otherStaff]) {
      const hits = store(b).stats.hits;
      const res = await getById(b, (await signIn(t.app, u.email)).headers, c.id);
      expect(store(b).stats.hits).toBe(hits + 1); // the row came from the cache, and was still refused
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ errorMsg: { clients: [messages.server.clientNotFound] } });
    }
  });

  it('a client changed by direct SQL is seen on both instances within 2 s', async () => {
    const c = await createClient(t.app, { industry: 'Old' });
    await cachedOn(t.app, admin.headers, c.id);
    await cachedOn(b, admin.headers, c.id);
    const notesA = store(t.app).stats.notifications;
    const notesB = store(b).stats.notifications;
    await t.app.pool.query('UPDATE clients SET industry = $2 WHERE id = $1', [c.id, 'New']);
    await until(() => store(t.app).stats.notifications > notesA && store(b).stats.notifications > notesB);
    for (const app of [t.app, b]) expect((await getById(app, admin.headers, c.id)).json().industry).toBe('New');
    // A deleted client is gone from every cache too.
    const del = store(b).stats.notifications;
    await t.app.pool.query('DELETE FROM clients WHERE id = $1', [c.id]);
    await until(() => store(b).stats.notifications > del);
    expect((await getById(b, admin.headers, c.id)).statusCode).toBe(404);
  });

  it('a transaction path is never cached', async () => {
    const c = await createClient(t.app, { industry: 'Tx' });
    const actor: Actor = {
      id: (await createUser(t.app, { role: 'admin' })).id,
      email: 'x@test.example',
      sessionId: '00000000-0000-4000-8000-000000000000',
      userTypeGlobal: 'admin',
      clientId: null,
      products: { wave: 'none', harvest: 'none', harvestPlus: 'none', cultivate: 'none', motivator: 'none' },
    };
    // The notifications of the rows just written are handled first: one arriving later would drop entries mid-test.
    await t.app.authCache.sync();
    const size = store(t.app).size;
    const { hits, misses } = store(t.app).stats;
    await expect(
      t.app.db.transaction(async (tx) => {
        await tx.update(clients).set({ industry: 'Uncommitted' }).where(eq(clients.id, c.id));
        expect((await loadAccessibleClient(tx, actor, c.id)).industry).toBe('Uncommitted');
        tx.rollback();
      }),
    ).rejects.toThrow(/rollback/i);
    expect(store(t.app).size).toBe(size);
    expect(store(t.app).stats).toMatchObject({ hits, misses });
    expect((await loadAccessibleClient(t.app.db, actor, c.id)).industry).toBe('Tx');
    expect(store(t.app).size).toBe(size + 1);
    // Hits return copies: a caller's change to its row never reaches the cache.
    const hit = await loadAccessibleClient(t.app.db, actor, c.id);
    hit.industry = 'Changed by a caller';
    expect(() => hit.accountManagers.push(actor.id)).toThrow(TypeError);
    const again = await loadAccessibleClient(t.app.db, actor, c.id);
    expect(again.industry).toBe('Tx');
    expect(again.accountManagers).toEqual([]);
  });

  it('a lost listener clears the client cache (reads stay correct), then it reconnects and caches again', async () => {
    const c = await createClient(t.app, { industry: 'One' });
    await cachedOn(b, admin.headers, c.id);
    const pid = b.authCache.listenerPid;
    const disconnects = b.authCache.stats.disconnects;
    const connects = b.authCache.stats.connects;
    await t.app.pool.query('SELECT pg_terminate_backend($1)', [pid]);
    await until(() => b.authCache.stats.disconnects > disconnects, 5000);
    expect(store(b).size).toBe(0);
    await t.app.pool.query('UPDATE clients SET industry = $2 WHERE id = $1', [c.id, 'Two']);
    expect((await getById(b, admin.headers, c.id)).json().industry).toBe('Two');
    await until(() => b.authCache.connected && b.authCache.stats.connects > connects, 5000);
    expect(b.authCache.listenerPid).not.toBe(pid);
    await cachedOn(b, admin.headers, c.id);
    const notes = store(b).stats.notifications;
    await t.app.pool.query('UPDATE clients SET industry = $2 WHERE id = $1', [c.id, 'Three']);
    await until(() => store(b).stats.notifications > notes);
    expect((await getById(b, admin.headers, c.id)).json().industry).toBe('Three');
  });
});
