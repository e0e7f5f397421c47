/// <reference types="vite/client" />
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, setupTestApp, signIn, type TestApp } from './helpers.ts';
import type { MatrixEntry, MatrixFixture, MatrixRole } from './matrix-types.ts';

/**
 * The generated role matrix (CONVENTIONS §13). Every `src/<domain>/matrix.ts` declares who may call
 * each of its routes; this file calls every entry as every role against one fixture (an admin and
 * two tenants A and B) and checks: allowed roles get a 2xx, everyone else 401 (anonymous on a
 * signed-in route), 403 or 404, and never tenant A's data. It also checks that the route table
 * has no /api route without an entry.
 */
const modules = import.meta.glob<{ matrix: MatrixEntry[] }>('../src/*/matrix.ts', { eager: true });
const entries = Object.entries(modules).flatMap(([file, m]) => m.matrix.map((e) => ({ ...e, file: file.replace('../src/', '') })));
const ROLES: MatrixRole[] = ['anonymous', 'admin', 'recruiterA', 'staffA', 'recruiterB', 'staffB'];

let t: TestApp;
let f: MatrixFixture;
const tokens = new Map<MatrixRole, Record<string, string>>();

beforeAll(async () => {
  t = await setupTestApp();
  const admin = await createUser(t.app, { role: 'admin' });
  const a = await createTenant(t.app);
  const b = await createTenant(t.app);
  f = { app: t.app, admin, a: { client: a.client, recruiter: a.recruiter, staff: a.staff }, b: { client: b.client, recruiter: b.recruiter, staff: b.staff } };
}, 120_000);
afterAll(async () => t?.close());

function emailOf(role: Exclude<MatrixRole, 'anonymous'>): string {
  return { admin: f.admin, recruiterA: f.a.recruiter, staffA: f.a.staff, recruiterB: f.b.recruiter, staffB: f.b.staff }[role].email;
}

async function authHeaders(role: MatrixRole, fresh = false): Promise<Record<string, string>> {
  if (role === 'anonymous') return {};
  if (fresh || !tokens.has(role)) tokens.set(role, (await signIn(t.app, emailOf(role))).headers);
  return tokens.get(role) as Record<string, string>;
}

async function callAs(entry: MatrixEntry, role: MatrixRole): Promise<LightMyRequestResponse> {
  const send = async (fresh: boolean) => {
    const { url, headers, ...rest } = await entry.request(f);
    const opts = {
      ...rest,
      method: entry.method,
      url: url ?? entry.route,
      headers: { ...(headers ?? {}), ...(await authHeaders(role, fresh)) },
      // Each call from its own address, so per-address rate limits (decision 0400) never stand in for access rules.
      remoteAddress: `10.201.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`,
    } as InjectOptions;
    return t.app.inject(opts);
  };
  const res = await send(false);
  // A cached session may have been ended by an earlier entry (logout, password change): sign in again once.
  if (role !== 'anonymous' && res.statusCode === 401) return send(true);
  return res;
}

function routeAuth(entry: MatrixEntry): 'public' | 'optional' | 'required' | undefined {
  return t.app.routeTable.find((r) => r.method === entry.method && r.url === entry.route)?.auth;
}

describe('role matrix', () => {
  it('has entries', () => {
    expect(entries.length).toBeGreaterThan(0);
  });

  for (const entry of entries) {
    it(`${entry.method} ${entry.route} (${entry.file})`, async () => {
      const auth = routeAuth(entry);
      expect(auth, `${entry.method} ${entry.route} is not a registered route`).toBeDefined();
      const failures: string[] = [];
      for (const role of ROLES) {
        const res = await callAs(entry, role);
        const s = res.statusCode;
        if ((entry.allowed as string[]).includes(role)) {
          if (s < 200 || s >= 300) failures.push(`${role}: expected 2xx, got ${s} ${res.body.slice(0, 300)}`);
          continue;
        }
        const expected = role === 'anonymous' && auth === 'required' ? [401] : [401, 403, 404];
        if (role !== 'anonymous' && s === 401) failures.push(`${role}: signed in but got 401`);
        else if (!expected.includes(s)) failures.push(`${role}: expected ${expected.join('/')}, got ${s} ${res.body.slice(0, 300)}`);
        else if (res.body.includes(f.a.client.id)) failures.push(`${role}: the refusal carries tenant A's client id`);
      }
      expect(failures, `${entry.method} ${entry.route}`).toEqual([]);
    });
  }

  it('covers every /api route', () => {
    const covered = new Set(entries.map((e) => `${e.method} ${e.route}`));
    const missing: string[] = [];
    for (const r of t.app.routeTable) {
      if (!r.url.startsWith('/api/') || r.url.startsWith('/api/docs')) continue;
      const key = `${r.method} ${r.url}`;
      if (!covered.has(key)) missing.push(key);
    }
    expect(missing, `routes without a role-matrix entry (add them to src/<domain>/matrix.ts):\n  ${missing.join('\n  ')}`).toEqual([]);
  });
});
