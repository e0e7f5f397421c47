import { messages } from '@hh/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, setupTestApp, type TestApp } from '../../test/helpers.ts';

/**
 * The public calls that take a token or name a site answer 429 with Retry-After past their
 * per-address limit, and another address is not affected. Requests are sent one after another, as
 * a client would; each answer before the limit is the call's own.
 */
let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
beforeAll(async () => {
  t = await setupTestApp();
  A = await createTenant(t.app);
});
afterAll(() => t?.close());

async function statusesOf(method: 'GET' | 'POST', url: string, n: number, remoteAddress: string) {
  const replies = [];
  for (let i = 0; i < n; i++) replies.push(await t.app.inject({ method, url, remoteAddress }));
  return replies;
}

describe('rate limits on the public token and site calls', () => {
  for (const [name, method, url, max] of [
    ['invitation get-by-token', 'GET', () => `/api/user-invitation/get-by-token?token=${A.client.id}.${A.client.id}.guess`, 30],
    ['campaign unsubscribe (landing)', 'GET', () => '/api/campaigns/unsubscribe?token=not-a-real-token', 30],
    ['campaign unsubscribe (one click)', 'POST', () => '/api/campaigns/unsubscribe?token=not-a-real-token', 30],
    ['published-page-templates', 'GET', () => `/api/published-page-templates?nameSlug=${A.client.nameSlug}&pageName=Home`, 120],
  ] as const) {
    it(`${name}: ${max} a minute per address, then 429 with Retry-After`, async () => {
      const replies = await statusesOf(method, url(), max + 2, '203.0.113.50');
      const before = replies.slice(0, max).map((r) => r.statusCode);
      expect(before.every((s) => s >= 200 && s < 500 && s !== 429)).toBe(true);
      for (const r of replies.slice(max)) {
        expect(r.statusCode).toBe(429);
        expect(r.headers['retry-after']).toMatch(/^\d+$/);
        expect(r.body).toContain(messages.security.tooManyRequests);
      }
      expect((await t.app.inject({ method, url: url(), remoteAddress: '203.0.113.51' })).statusCode).not.toBe(429);
    });
  }
});
