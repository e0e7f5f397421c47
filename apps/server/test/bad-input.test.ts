import { messages } from '@hh/contract/messages';
import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, setupTestApp, signIn, type TestApp } from './helpers.ts';

/**
 * Generated from the route table (core spec "Bad input"): every /api route, called as a signed-in
 * admin with malformed JSON, wrong types for every declared body and query field, hostile ids in
 * every :param, huge strings and deep nesting, must answer with a 4xx (or a 2xx), never a 5xx.
 * The security hardening (decision 0400) adds a lone UTF-16 surrogate, a NUL byte and a `javascript:` value for every field.
 */
let t: TestApp;
let adminEmail: string;
let headers: Record<string, string> = {};

beforeAll(async () => {
  t = await setupTestApp();
  adminEmail = (await createUser(t.app, { role: 'admin' })).email;
  headers = (await signIn(t.app, adminEmail)).headers;
});
afterAll(async () => t?.close());

type Def = { type?: string; shape?: Record<string, unknown>; innerType?: unknown; in?: unknown; options?: unknown[]; left?: unknown; right?: unknown };
const defOf = (s: unknown): Def | undefined => (s as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** The field names a zod schema declares (through optional, default, pipe, union and intersection). */
export function fieldsOf(schema: unknown, depth = 0): string[] {
  const d = defOf(schema);
  if (!d || depth > 10) return [];
  if (d.type === 'object' && d.shape) return Object.keys(d.shape);
  if (d.type === 'union' && d.options) return [...new Set(d.options.flatMap((o) => fieldsOf(o, depth + 1)))];
  if (d.type === 'intersection') return [...new Set([...fieldsOf(d.left, depth + 1), ...fieldsOf(d.right, depth + 1)])];
  if (d.innerType) return fieldsOf(d.innerType, depth + 1);
  if (d.type === 'pipe' && d.in) return fieldsOf(d.in, depth + 1);
  return [];
}

const HUGE = 'x'.repeat(10_000);
const deep = (n: number): unknown => (n === 0 ? 'bottom' : { a: deep(n - 1), b: [deep(0)] });
const WRONG_VALUES: unknown[] = [
  'abc',
  '../../etc/passwd',
  'nul\u0000byte',
  HUGE,
  12345,
  -1,
  1e308,
  true,
  null,
  [1, 'two'],
  { nested: { $gt: '' } },
  deep(40),
  '',
  // Decision 0400: a lone surrogate (high and low), a script URL and a year-0 date in every field.
  '\ud800',
  'x\udc00y',
  'javascript:alert(document.domain)',
  '0000-01-01T00:00:00Z',
];
const QUERY_VALUES = [
  'abc',
  '../../etc/passwd',
  HUGE,
  '-1',
  '1e308',
  '',
  '%00',
  '\u0000',
  'a\u0000b',
  "' OR 1=1 --",
  '[object Object]',
  'javascript:alert(1)',
  '0000-01-01',
].map(encodeURIComponent);
/** Already percent-encoded: invalid UTF-8 sequences that no encoder would produce. */
const RAW_QUERY_VALUES = ['%FF', '%ED%A0%80', '%C0%AF', '%', '%zz'];
const PARAM_VALUES = ['abc', encodeURIComponent('../../etc/passwd'), 'x'.repeat(400), '%00', "'%20OR%201=1", '%ED%A0%80', 'javascript:alert(1)'];
const RAW_BODIES = ['{"a":', '{}', '[]', '"x"', '123', 'null', 'true', JSON.stringify(deep(200)), `{"k":"${HUGE}"}`, 'not json at all'];

interface Case {
  label: string;
  opts: InjectOptions;
}

function casesFor(route: { method: string; url: string; schema: unknown }): Case[] {
  const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown };
  const withIds = route.url.replace(/:(\w+)/g, () => randomUUID());
  const method = route.method as InjectOptions['method'];
  const out: Case[] = [];
  const hasBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);

  // Hostile values in each :param.
  const params = route.url.match(/:\w+/g) ?? [];
  for (const p of params)
    for (const v of PARAM_VALUES)
      out.push({ label: `param ${p}=${v.slice(0, 20)}`, opts: { method, url: route.url.replace(p, v).replace(/:\w+/g, randomUUID()) } });

  // Wrong types in each declared query field, one at a time and all at once, and repeated keys.
  const qFields = fieldsOf(schema.querystring);
  for (const v of [...QUERY_VALUES, ...RAW_QUERY_VALUES]) {
    for (const k of qFields) out.push({ label: `query ${k}=${v.slice(0, 20)}`, opts: { method, url: `${withIds}?${k}=${v}` } });
    if (qFields.length) out.push({ label: `query all=${v.slice(0, 20)}`, opts: { method, url: `${withIds}?${qFields.map((k) => `${k}=${v}`).join('&')}` } });
  }
  for (const k of qFields) out.push({ label: `query ${k} twice`, opts: { method, url: `${withIds}?${k}=1&${k}=2` } });
  out.push({ label: 'unknown query', opts: { method, url: `${withIds}?zzz=${HUGE}` } });

  if (hasBody) {
    for (const raw of RAW_BODIES)
      out.push({ label: `raw body ${raw.slice(0, 20)}`, opts: { method, url: withIds, payload: raw, headers: { 'content-type': 'application/json' } } });
    out.push({ label: 'text/plain body', opts: { method, url: withIds, payload: 'hello', headers: { 'content-type': 'text/plain' } } });
    const bFields = fieldsOf(schema.body);
    for (const v of WRONG_VALUES) {
      if (bFields.length)
        out.push({
          label: `body all=${JSON.stringify(v)?.slice(0, 20)}`,
          opts: {
            method,
            url: withIds,
            payload: JSON.stringify(Object.fromEntries(bFields.map((k) => [k, v]))),
            headers: { 'content-type': 'application/json' },
          },
        });
      for (const k of bFields)
        out.push({
          label: `body ${k}=${JSON.stringify(v)?.slice(0, 20)}`,
          opts: { method, url: withIds, payload: JSON.stringify({ [k]: v }), headers: { 'content-type': 'application/json' } },
        });
    }
  }
  return out;
}

let caseNo = 0;
async function send(c: Case): Promise<LightMyRequestResponse> {
  // Each case from its own address, so per-address rate limits (decision 0400) never stand in for the
  // validation under test, and never block the admin's own sign-in.
  caseNo++;
  const remoteAddress = `10.${(caseNo >> 16) & 255}.${(caseNo >> 8) & 255}.${caseNo & 255}`;
  const go = () => t.app.inject({ ...c.opts, remoteAddress, headers: { ...(c.opts.headers ?? {}), ...headers } } as InjectOptions);
  const res = await go();
  // A case may end the admin's session (logout, password change): sign in again and repeat once.
  if (res.statusCode === 401) {
    headers = (await signIn(t.app, adminEmail)).headers;
    return go();
  }
  return res;
}

describe('bad input never gets a 5xx', () => {
  it('the route table has /api routes', () => {
    expect(t.app.routeTable.filter((r) => r.url.startsWith('/api/')).length).toBeGreaterThan(10);
  });

  it('every /api route answers invalid bodies, queries and ids with a 4xx', async () => {
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
    const failures: string[] = [];
    let count = 0;
    for (const route of routes) {
      for (const c of casesFor(route)) {
        const res = await send(c);
        count++;
        if (res.statusCode >= 500) failures.push(`${route.method} ${route.url} [${c.label}] -> ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(count).toBeGreaterThan(routes.length);
    expect(failures, `routes that answered bad input with a 5xx:\n${failures.join('\n')}`).toEqual([]);
    // About 300 routes with several cases each, one request at a time: 74 s on plain PostgreSQL, several
    // times that on the Citus cluster of one busy machine. The limit only catches a hang.
  }, 1_500_000);
});

describe('pathological search text never gets a 5xx or an unbounded reply', () => {
  // Repeated terms (the CRM highlighter once re-marked its own <mark> tags per term until the process
  // died), a 1 MB single token, and names an object lookup could take from Object.prototype.
  const SEARCH_VALUES = [
    Array.from({ length: 18 }, () => 'a').join(' '),
    Array.from({ length: 30 }, () => 'a').join(' '),
    Array.from({ length: 30 }, () => 'nurse').join(' OR '),
    'a'.repeat(1_000_000),
    'constructor',
    '__proto__',
    'toString',
    'constructor __proto__ prototype hasOwnProperty valueOf',
    '{{constructor}}',
  ];
  let clientId = '';

  beforeAll(async () => {
    const { createClient } = await import('./helpers.ts');
    clientId = (await createClient(t.app)).id;
    // A candidate whose name and address are full of the letter searched for: the highlighter's worst case.
    const res = await send({
      label: 'candidate',
      opts: {
        method: 'POST',
        url: '/api/crm/candidates/create',
        payload: { clientId, firstName: 'Aaaa', lastName: 'Banana', email: 'aaaa.banana@aaa.example' },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('every GET query field named like a search', async () => {
    const routes = t.app.routeTable.filter((r) => r.method === 'GET' && r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
    const failures: string[] = [];
    let count = 0;
    for (const route of routes) {
      const fields = fieldsOf((route.schema as { querystring?: unknown } | undefined)?.querystring);
      const base = route.url.replace(/:(\w+)/g, () => randomUUID());
      for (const k of fields.filter((f) => /search|query|keyword|^q$/i.test(f)))
        for (const v of SEARCH_VALUES) {
          const extra = fields.includes('clientId') && k !== 'clientId' ? `clientId=${clientId}&` : '';
          const res = await send({ label: k, opts: { method: 'GET', url: `${base}?${extra}${k}=${encodeURIComponent(v)}` } });
          count++;
          if (res.statusCode >= 500 || res.body.length > 1_000_000)
            failures.push(`${route.url} [${k}=${v.slice(0, 30)}] -> ${res.statusCode}, ${res.body.length} bytes ${res.body.slice(0, 200)}`);
        }
    }
    expect(count).toBeGreaterThan(SEARCH_VALUES.length * 2);
    expect(failures, failures.join('\n')).toEqual([]);
  }, 300_000);

  it('the CRM candidate search marks each matched letter once, in a small reply', async () => {
    const res = await send({
      label: '18 a',
      opts: { method: 'GET', url: `/api/crm/candidates?clientId=${clientId}&searchQuery=${encodeURIComponent(SEARCH_VALUES[0])}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.length).toBeLessThan(10_000);
    expect(res.json().results[0].highlight).toBe(
      '<mark>Aaaa</mark> B<mark>a</mark>n<mark>a</mark>n<mark>a</mark> · <mark>aaaa</mark>.b<mark>a</mark>n<mark>a</mark>n<mark>a</mark>@<mark>aaa</mark>.ex<mark>a</mark>mple · ',
    );
  });
});

describe('pathological documents get a 4xx naming the problem, never a 5xx or a stalled server', () => {
  const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  /** A stored (uncompressed) ZIP of the given entries. */
  const storedZip = (entries: Array<{ name: string; data: Buffer }>) => {
    const u16 = (n: number) => Buffer.from([n & 255, (n >> 8) & 255]);
    const u32 = (n: number) => {
      const b = Buffer.alloc(4);
      b.writeUInt32LE(n >>> 0);
      return b;
    };
    const locals: Buffer[] = [];
    const central: Buffer[] = [];
    let offset = 0;
    for (const e of entries) {
      const name = Buffer.from(e.name);
      const common = [u16(20), u16(0), u16(0), u16(0), u16(0), u32(0), u32(e.data.length), u32(e.data.length), u16(name.length), u16(0)];
      const local = Buffer.concat([u32(0x04034b50), ...common, name, e.data]);
      central.push(Buffer.concat([u32(0x02014b50), u16(20), ...common, u16(0), u16(0), u16(0), u32(0), u32(offset), name]));
      locals.push(local);
      offset += local.length;
    }
    const dir = Buffer.concat(central);
    return Buffer.concat([...locals, dir, u32(0x06054b50), u16(0), u16(0), u16(entries.length), u16(entries.length), u32(dir.length), u32(offset), u16(0)]);
  };
  const parse = (bytes: Buffer, type: string, filename: string) => {
    const boundary = `b${randomUUID().replace(/-/g, '')}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return send({
      label: 'resume-parser',
      opts: { method: 'POST', url: '/api/resume-parser', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } },
    });
  };
  const health = async () => (await t.app.inject({ method: 'GET', url: '/health' })).statusCode;

  it('a DOCX whose directory lies about its size: 413 with the reason', async () => {
    const { lyingDocx } = await import('../src/resume-parser/pathological.ts');
    const res = await parse(await lyingDocx(64, 4096), DOCX, 'cv.docx');
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().errorMsg.resume).toContain(messages.requisitions.resumeExpandsTooMuch);
    expect(await health()).toBe(200);
  }, 120_000);

  it('a DOCX of nested ZIPs (a zip inside document.xml, inside a zip): a 4xx or its text, never a 5xx', async () => {
    const { lyingDocx } = await import('../src/resume-parser/pathological.ts');
    const inner = storedZip([{ name: 'inner.zip', data: await lyingDocx(8, 4096) }]);
    const docx = storedZip([
      { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0"?><Types/>') },
      { name: 'word/document.xml', data: inner },
    ]);
    const res = await parse(docx, DOCX, 'nested.docx');
    expect(res.statusCode, res.body).toBeLessThan(500);
    if (res.statusCode >= 400) expect(res.json().errorMsg.resume.length).toBeGreaterThan(0);
    expect(await health()).toBe(200);
  }, 120_000);

  it('a small PDF whose content inflates to millions of operators: 422, too complex', async () => {
    const { operatorBombPdf } = await import('../src/resume-parser/pathological.ts');
    const res = await parse(await operatorBombPdf(2_000_000), 'application/pdf', 'cv.pdf');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errorMsg.resume).toContain(messages.requisitions.resumeTooComplex);
    expect(await health()).toBe(200);
  }, 120_000);

  it('a text resume of one 1 MB token is read, in bounded time, off the request thread', async () => {
    const res = await parse(Buffer.from(`Pat Flood\n${'a'.repeat(1_000_000)}\n`), 'text/plain', 'cv.txt');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Pat', lastName: 'Flood' });
  }, 120_000);
});
