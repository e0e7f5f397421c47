import { messages } from '@hh/contract/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import pino from 'pino';
import { REDACT_PATHS } from '../../app.ts';
import { clients } from '../../db/schema/core.ts';
import { NOT_FOUND_LIMIT, ROUTE_LIMITS } from '../../plugins/security.ts';
import { createTenant, setupTestApp, type TestApp } from '../../../test/helpers.ts';

/** The smaller findings of the security hardening (decision 0400, docs/security.md). */
let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
let B: Awaited<ReturnType<typeof createTenant>>;
const DOMAIN = 'careers.smaller.example';

beforeAll(async () => {
  t = await setupTestApp();
  A = await createTenant(t.app);
  B = await createTenant(t.app);
  await t.app.db.update(clients).set({ domainURL: DOMAIN }).where(eq(clients.id, A.client.id));
});
afterAll(async () => t.close());

describe('redirects never produce a protocol-relative address', () => {
  it.each(['//job/a%20b', '//search-page', '//av_viewjob.html', '/\\search-page'])('%s on a custom domain', async (url) => {
    const r = await t.app.inject({ method: 'GET', url, headers: { host: DOMAIN, accept: 'text/html' } });
    expect(r.statusCode).toBeLessThan(500);
    const location = String(r.headers.location ?? '');
    expect(location).not.toMatch(/^[/\\]{2}/);
  });
});

describe('a suspended client', () => {
  it("its Indeed feed answers the spec's client-not-found 404, like its site", async () => {
    await t.app.db.update(clients).set({ status: 'Suspended', aiSearch: true }).where(eq(clients.id, B.client.id));
    const r = await t.app.inject({ method: 'GET', url: `/${B.client.nameSlug}/indeed-apply/xml` });
    expect(r.statusCode).toBe(404);
    expect(r.body).toContain(messages.feed.clientNotFound(B.client.nameSlug));
  });
});

describe('create-edit-profiles does not tell whether an email has an account in another client', () => {
  it('inviting another tenant user’s email answers no user id of theirs', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/create-edit-profiles/create',
      headers: A.staffAuth.headers,
      payload: { companyId: A.client.id, email: B.staff.email },
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.body).not.toContain(B.staff.id);
  });
});

describe('dispatch-embed-code is limited', () => {
  it('at most 40 recipients a day per sender: the call that passes it is 429 with Retry-After', async () => {
    const w = (
      await t.app.inject({
        method: 'POST',
        url: '/api/widget/create',
        headers: A.staffAuth.headers,
        payload: { clientId: A.client.id, embeddingPermissions: ['www.acme.example'] },
      })
    ).json().data;
    const send = (n: number, from: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/profiles/wave/dispatch-embed-code',
        headers: A.staffAuth.headers,
        remoteAddress: from,
        payload: { clientId: A.client.id, widgetId: w._id, email: Array.from({ length: n }, (_, i) => `dev${i}-${n}@acme.example`), message: 'Hi' },
      });
    expect((await send(20, '10.7.0.1')).statusCode).toBe(200);
    expect((await send(20, '10.7.0.2')).statusCode).toBe(200);
    const third = await send(1, '10.7.0.3');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ errorMsg: { waveProfile: [messages.security.embedMailTooMany] } });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('dates out of range', () => {
  it('a year-0 date is a 400, not a 500', async () => {
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
      payload: { _id: job.json()._id, clientId: A.client.id, validThrough: '0000-01-01T00:00:00Z' },
    });
    expect(r.statusCode).toBe(400);
  });
});

describe('abuse limits per address', () => {
  it('a flood of unknown paths is 429 after the limit; another address is not affected', async () => {
    const max = NOT_FOUND_LIMIT.max as number;
    const hit = (from: string, i: number) => t.app.inject({ method: 'GET', url: `/api/no-such-route-${i}`, remoteAddress: from });
    for (let i = 0; i < max; i++) expect((await hit('10.9.0.1', i)).statusCode).toBe(404);
    const over = await hit('10.9.0.1', max);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ errorMsg: { request: [messages.security.tooManyRequests] } });
    expect(over.headers['retry-after']).toBeDefined();
    expect((await hit('10.9.0.2', 0)).statusCode).toBe(404);
  });

  it('unsigned Indeed Apply postbacks are 401 until the limit, then 429 before any work', async () => {
    const max = ROUTE_LIMITS['POST /api/indeed-apply/:nameSlug'].max as number;
    const post = (from: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/indeed-apply/${A.client.nameSlug}`,
        remoteAddress: from,
        headers: { 'content-type': 'application/json', 'x-indeed-signature': 'bm90LXNpZ25lZA==' },
        payload: '{}',
      });
    for (let i = 0; i < max; i++) expect((await post('10.9.1.1')).statusCode).toBeLessThan(429);
    expect((await post('10.9.1.1')).statusCode).toBe(429);
    expect((await post('10.9.1.2')).statusCode).toBeLessThan(429);
  });
});

describe('log redaction', () => {
  it('secrets in headers and bodies are logged as [redacted]', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const log = pino({ redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, sink);
    log.info(
      {
        req: { headers: { authorization: 'Bearer sekret-access', cookie: 'sid=sekret-cookie', 'x-indeed-signature': 'sekret-sig' } },
        body: { password: 'sekret-pw', newPassword: 'sekret-new', token: 'sekret-token', secret: 'sekret-secret', apiKey: 'sekret-key' },
      },
      'request',
    );
    const out = lines.join('');
    expect(out).not.toMatch(/sekret/);
    expect(JSON.parse(out).req.headers).toEqual({ authorization: '[redacted]', cookie: '[redacted]', 'x-indeed-signature': '[redacted]' });
    expect(JSON.parse(out).body.password).toBe('[redacted]');
  });
});
