import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { RouteDef } from '@hh/contract/route';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from './helpers.ts';

/**
 * Decision 0006: every call is one entry of the route table in packages/contract, the server
 * registers its routes from the entries, and the portal calls the API only through them.
 */
const ROOT = path.resolve(new URL('.', import.meta.url).pathname, '../../..');
const CONTRACT = path.join(ROOT, 'packages/contract/src');

async function contractEntries(): Promise<Array<{ name: string; entry: RouteDef }>> {
  const out: Array<{ name: string; entry: RouteDef }> = [];
  for (const file of readdirSync(CONTRACT).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const mod: Record<string, unknown> = await import(path.join(CONTRACT, file));
    for (const [exportName, table] of Object.entries(mod)) {
      if (!exportName.endsWith('Routes') || typeof table !== 'object' || table === null) continue;
      for (const [key, entry] of Object.entries(table)) out.push({ name: `${file}:${exportName}.${key}`, entry: entry as RouteDef });
    }
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? sourceFiles(p) : /\.(ts|tsx)$/.test(f) ? [p] : [];
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t?.close());

describe('the route table', () => {
  it('registers every documented route of the API from a table entry', () => {
    const schemaOf = (r: { schema: unknown }) => (r.schema ?? {}) as { hide?: boolean; tags?: string[] };
    const apiRoutes = t.app.routeTable.filter((r) => (r.url.startsWith('/api/') && !r.url.startsWith('/api/docs')) || (schemaOf(r).tags && !schemaOf(r).hide));
    expect(apiRoutes.length).toBeGreaterThan(200);
    expect(apiRoutes.filter((r) => !r.fromContract).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('has no entry the server does not serve, and no two entries for one call', async () => {
    const entries = await contractEntries();
    const served = new Set(t.app.routeTable.filter((r) => r.fromContract).map((r) => `${r.method} ${r.url}`));
    const calls = entries.map(({ entry }) => `${entry.method} ${entry.path}`);
    expect(entries.filter(({ entry }) => !served.has(`${entry.method} ${entry.path}`)).map((e) => e.name)).toEqual([]);
    expect(calls.filter((c, i) => calls.indexOf(c) !== i)).toEqual([]);
  });

  it('is the only way the portal reaches the API: no "/api/" path is written in apps/web/src', () => {
    const offenders = sourceFiles(path.join(ROOT, 'apps/web/src')).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (/['"`]\/api\//.test(line) ? [`${path.relative(ROOT, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders).toEqual([]);
  });
});
