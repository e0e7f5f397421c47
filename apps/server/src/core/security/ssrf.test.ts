import { messages } from '@hh/contract/messages';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../db/schema/core.ts';
import { createTenant, setupTestApp, type TestApp } from '../../../test/helpers.ts';
import { GuardedFetchError, guardedFetch, isBlockedAddress } from './guarded-fetch.ts';

/** Server-side request forgery through jobsFeedUrl, and the unbounded body. */
let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
let internal: http.Server;
let redirector: http.Server;
let huge: http.Server;
let internalPort = 0;
let redirectPort = 0;
let hugePort = 0;
const FEED = JSON.stringify({ jobs: [{ title: 'Internal secret', referencenumber: 'S-1', city: 'Austin', state: 'TX' }] });

const listen = (s: http.Server) => new Promise<number>((r) => s.listen(0, '127.0.0.1', () => r((s.address() as AddressInfo).port)));

beforeAll(async () => {
  t = await setupTestApp();
  A = await createTenant(t.app);
  internal = http.createServer((_q, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(FEED));
  internalPort = await listen(internal);
  redirector = http.createServer((_q, res) => res.writeHead(302, { location: `http://127.0.0.1:${internalPort}/feed` }).end());
  redirectPort = await listen(redirector);
  // 300 MB, chunked (no content-length), written as fast as the reader takes it.
  huge = http.createServer((_q, res) => {
    res.writeHead(200, { 'content-type': 'application/xml' });
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    let sent = 0;
    const pump = () => {
      while (sent < 300) {
        sent++;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end();
    };
    res.on('close', () => (sent = 300));
    pump();
  });
  hugePort = await listen(huge);
});
afterAll(async () => {
  await t?.close();
  for (const s of [internal, redirector, huge]) await new Promise((r) => s?.close(r));
});

async function importFrom(url: string) {
  await t.app.db.update(clients).set({ jobsFeedUrl: url }).where(eq(clients.id, A.client.id));
  const res = await t.app.inject({ method: 'POST', url: '/api/job/import-feed', headers: A.staffAuth.headers, payload: { clientId: A.client.id } });
  expect(res.statusCode, res.body).toBeLessThan(300);
  const id = res.json()._id ?? res.json().importId;
  const deadline = Date.now() + 20000;
  for (;;) {
    const r = await t.app.inject({ method: 'GET', url: `/api/job/imports/${id}?clientId=${A.client.id}`, headers: A.staffAuth.headers });
    const body = r.json();
    if (body.status === 'succeeded' || body.status === 'failed') return body;
    if (Date.now() > deadline) throw new Error(`import still ${body.status}`);
    await new Promise((r2) => setTimeout(r2, 100));
  }
}

describe('POST /api/job/import-feed refuses internal addresses', () => {
  it.each([
    ['loopback', () => `http://127.0.0.1:${internalPort}/feed`],
    ['hex loopback 0x7f000001', () => `http://0x7f000001:${internalPort}/feed`],
    ['a redirect to another loopback port', () => `http://127.0.0.1:${redirectPort}/`],
    ['localhost by name', () => `http://localhost:${internalPort}/feed`],
    ['a closed port', () => 'http://127.0.0.1:9/feed'],
    ['the metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
  ])('%s: failed with the one message, nothing imported', async (_name, url) => {
    const body = await importFrom(url());
    expect(body.status).toBe('failed');
    expect(body.errors).toEqual([{ line: 0, message: messages.security.feedFetchFailed }]);
    const n = await t.app.pool.query(`SELECT count(*)::int AS n FROM jobs WHERE client_id = $1 AND title = 'Internal secret'`, [A.client.id]);
    expect(n.rows[0].n).toBe(0);
  });
});

describe('the guarded client', () => {
  it('the redirect is refused even when the first hop is allowed (checked after every redirect)', async () => {
    // The first hop's host is allowed by name; the redirect goes to 127.0.0.1, which is not.
    const err = await guardedFetch(`http://localhost:${redirectPort}/`, {
      maxBytes: 1000,
      timeoutMs: 5000,
      allow: ['localhost'],
      publicMessage: 'x',
    }).catch((e) => e);
    expect(err).toBeInstanceOf(GuardedFetchError);
    expect(err.detail).toMatch(/127\.0\.0\.1 refused/);
  });

  it('a 300 MB chunked body is aborted at the cap with the memory flat', async () => {
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const err = await guardedFetch(`http://127.0.0.1:${hugePort}/`, {
      maxBytes: 5 * 1024 * 1024,
      timeoutMs: 20000,
      allow: ['127.0.0.1'],
      publicMessage: messages.security.feedFetchFailed,
    }).catch((e) => e);
    clearInterval(timer);
    expect(err).toBeInstanceOf(GuardedFetchError);
    expect(err.message).toBe(messages.security.feedFetchFailed);
    expect(err.detail).toMatch(/over 5242880 bytes/);
    // The cap is 5 MB: the process must not have taken anything near the 300 MB on offer.
    expect(peak - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('classifies addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '100.64.0.1',
    ])
      expect(isBlockedAddress(a), a).toBe(true);
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) expect(isBlockedAddress(a), a).toBe(false);
  });
});
