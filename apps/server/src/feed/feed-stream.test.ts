import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient, setupTestApp, type TestApp } from '../../test/helpers.ts';

// The feed over a real socket: a crawler that hangs up mid-stream must not leave the cursor's
// transaction open or the pool connection checked out.
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await setupTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
});

async function bigFeedClient(n: number) {
  const c = await createClient(t.app, { aiSearch: true });
  await t.app.db.execute(sql`UPDATE clients SET indeed_api_token = 'tok-abcdefgh' WHERE id = ${c.id}`);
  await t.app.pool.query(
    `INSERT INTO jobs (client_id, title, reference_number, description, indeed_apply)
     SELECT $1, 'Job ' || g, 'S-' || g, repeat('Long description text. ', 60), g % 2 = 0 FROM generate_series(1, $2::int) g`,
    [c.id, n],
  );
  return c;
}

const openFeedTransactions = async () =>
  (await t.app.pool.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`)).rows[0]
    .n;

async function until(check: () => Promise<boolean>, ms = 10000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 50));
  }
}

// 6,000 jobs written and streamed twice: minutes, not seconds, on a busy shared machine.
it('releases the cursor and its connection when the reader hangs up mid-stream', { timeout: 180_000 }, async () => {
  const c = await bigFeedClient(6000);
  await new Promise<void>((resolve, reject) => {
    const req = http.get(`${base}/${c.nameSlug}/indeed-apply/xml`, (res) => {
      expect(res.statusCode).toBe(200);
      res.once('data', () => {
        req.destroy();
        resolve();
      });
    });
    req.on('error', (err) => (err.message.includes('socket hang up') || (err as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(err)));
  });
  await until(async () => (await openFeedTransactions()) === 0 && t.app.pool.totalCount === t.app.pool.idleCount);
  // The feed still streams completely afterwards.
  const full = await fetch(`${base}/${c.nameSlug}/indeed-apply/xml`);
  const text = await full.text();
  expect(text.match(/<job>/g)).toHaveLength(6000);
  expect(text.endsWith('</source>\n')).toBe(true);
});

it('answers HEAD with the headers only and opens no cursor', async () => {
  const c = await bigFeedClient(10);
  const res = await fetch(`${base}/${c.nameSlug}/indeed-apply/xml`, { method: 'HEAD' });
  expect(res.status).toBe(200);
  expect(res.headers.get('etag')).toMatch(/^"feed-/);
  expect(await res.text()).toBe('');
  await until(async () => (await openFeedTransactions()) === 0 && t.app.pool.totalCount === t.app.pool.idleCount);
});
