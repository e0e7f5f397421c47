import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clients } from '../db/schema/core.ts';
import { eventsSettled } from '../job-analytics/index.ts';
import { createJobViaApi, createTenant, setupTestApp, type TestApp } from '../../test/helpers.ts';

/**
 * The front of the page cache (plugins/front-cache.ts, docs/decisions/0600-public-page-cache.md), over
 * real HTTP (the front sits in the server's request handler, which app.inject does not go through):
 * a page answered from the page cache is answered again before routing with the same status, headers
 * and bytes; a change of the client, a conditional request, a crawler, an encoding not stored and a
 * closing app all take the full path; a job view is recorded on every visit.
 */
let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
let job: { _id: string; url: string };
let port = 0;
const utm = 'utm_source=careersite&utm_medium=organic';

interface Raw {
  status: number;
  /** Header name/value pairs as sent (case and order), without the two set per response. */
  headers: string[];
  header: (name: string) => string | undefined;
  body: Buffer;
}

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const pairs: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i] as string;
          if (/^(x-request-id|date)$/i.test(name)) continue;
          pairs.push(`${name}: ${res.rawHeaders[i + 1]}`);
        }
        resolve({
          status: res.statusCode ?? 0,
          headers: pairs,
          header: (n) => res.headers[n.toLowerCase()] as string | undefined,
          body: Buffer.concat(chunks),
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const front = () => t.app.frontCache.stats;
const pages = () => t.app.authCache.pages;

/** The page rendered and compressed, then a hit of the full path (which offers it to the front). */
async function warm(path: string, headers: Record<string, string> = {}) {
  for (let i = 0; i < 30; i++) {
    pages().invalidate(A.client.id);
    const stores = pages().stats.stores;
    await get(path, headers);
    if (pages().stats.stores === stores + 1) {
      // Compressed first, so the full path's hit sends the stored bytes as the front will.
      await pages().encoded();
      const hits = pages().stats.hits;
      const hit = await get(path, headers);
      if (pages().stats.hits === hits + 1) return hit;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${path} was not rendered and then served from the cache`);
}

beforeAll(async () => {
  t = await setupTestApp();
  A = await createTenant(t.app);
  await t.app.db.update(clients).set({ utmSource: 'careersite', utmMedium: 'organic' }).where(eq(clients.id, A.client.id));
  job = await createJobViaApi(t.app, A.staffAuth.headers, A.client.id, { title: 'Dock Supervisor', description: '<p>Run the night dock – café on site.</p>' });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
  for (let i = 0; i < 100 && !t.app.authCache.connected; i++) await new Promise((r) => setTimeout(r, 50));
  expect(t.app.authCache.connected).toBe(true);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the front of the page cache', () => {
  it('answers a cached page again before routing: the same status, headers (case and order) and bytes, a new request id', async () => {
    const path = `${job.url}?${utm}`;
    const full = await warm(path);
    expect(full.status).toBe(200);
    const served = front().served;
    const again = await get(path, { 'x-request-id': 'probe-1' });
    expect(front().served).toBe(served + 1);
    expect(again.status).toBe(200);
    expect(again.headers).toEqual(full.headers);
    expect(again.body.equals(full.body)).toBe(true);
    expect(again.body.toString('utf8')).toContain('café on site');
    expect(again.header('x-request-id')).toBe('probe-1');
    expect(again.header('content-security-policy')).toMatch(/script-src 'self' 'sha256-/);
    const other = await get(path);
    expect(other.header('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends the stored br bytes as the browser asks, and HEAD without a body', async () => {
    const path = `${job.url}?${utm}`;
    const full = await warm(path, { 'accept-encoding': 'br' });
    const served = front().served;
    const br = await get(path, { 'accept-encoding': 'gzip, deflate, br' });
    expect(front().served).toBe(served + 1);
    expect(br.header('content-encoding')).toBe('br');
    expect(br.headers).toEqual(full.headers);
    expect(brotliDecompressSync(br.body).toString('utf8')).toContain('<h1>Dock Supervisor</h1>');
    const head = await get(path, {}, 'HEAD');
    expect(front().served).toBe(served + 2);
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.header('content-length'))).toBeGreaterThan(1000);
  });

  it('shows a change of the job at once: the next visit takes the full path and the new page is served', async () => {
    const path = `${job.url}?${utm}`;
    await warm(path);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: '/api/job/update',
      headers: A.staffAuth.headers,
      payload: { clientId: A.client.id, _id: job._id, title: 'Dock Lead' },
    });
    expect(edit.statusCode).toBe(200);
    const served = front().served;
    const after = await get(path);
    expect(front().served).toBe(served);
    expect(after.body.toString('utf8')).toContain('<h1>Dock Lead</h1>');
  });

  it('leaves revalidations, crawlers, encodings it does not store and a closing app to the full path', async () => {
    const path = `${job.url}?${utm}`;
    const full = await warm(path);
    const served = front().served;
    const revalidated = await get(path, { 'if-none-match': String(full.header('etag')) });
    expect(revalidated.status).toBe(304);
    const crawler = await get(path, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    expect(crawler.status).toBe(200);
    const deflate = await get(path, { 'accept-encoding': 'deflate' });
    expect(deflate.status).toBe(200);
    expect(front().served).toBe(served);
    t.app.frontCache.closing = true;
    try {
      await get(path);
      expect(front().served).toBe(served);
    } finally {
      t.app.frontCache.closing = false;
    }
    await get(path);
    expect(front().served).toBe(served + 1);
  });

  it('records a job view for every visit it answers', async () => {
    const path = `${job.url}?${utm}`;
    await warm(path);
    const count = async () =>
      Number(
        (
          await t.app.pool.query(`SELECT coalesce(sum(n), 0)::int AS n FROM site_events WHERE client_id = $1 AND type = 'job_view' AND job_id = $2`, [
            A.client.id,
            job._id,
          ])
        ).rows[0].n,
      );
    // The warm-up's own views are written after its replies: all of them, before counting.
    await eventsSettled({ db: t.app.db });
    const before = await count();
    const served = front().served;
    for (let i = 0; i < 3; i++) await get(path);
    expect(front().served).toBe(served + 3);
    let now = before;
    for (let i = 0; i < 50 && now < before + 3; i++) {
      await new Promise((r) => setTimeout(r, 50));
      now = await count();
    }
    expect(now).toBe(before + 3);
  });

  it('gives the health check again for as long as its database probe stands, then asks the full path', async () => {
    const first = await get('/health');
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body.toString('utf8'))).toEqual({ status: 'ok', database: 'up' });
    const served = front().served;
    const again = await get('/health');
    if (front().served === served) {
      // The first call came at the end of a probe's second: the next one starts a new probe and is remembered.
      await get('/health');
      const retry = await get('/health');
      expect(retry.headers).toEqual((await get('/health')).headers);
    } else expect(again.headers).toEqual(first.headers);
    expect(front().served).toBeGreaterThan(served);
    expect(again.body.toString('utf8')).toBe('{"status":"ok","database":"up"}');
    // Once the probe's second is over, the full path probes the database again.
    const later = Date.now() + 2_000;
    const now = vi.spyOn(Date, 'now').mockReturnValue(later);
    try {
      const before = front().served;
      const res = await get('/health');
      expect(res.status).toBe(200);
      expect(front().served).toBe(before);
    } finally {
      now.mockRestore();
    }
  });
});
