import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

/**
 * Decision 0008, "every domain folder has the same shape" (apps/server/src/README.md): a domain that
 * serves calls has one `routes.ts` (registered in src/routes.ts) and a `matrix.ts` with the role
 * matrix entries of its routes; route plugins are not spread over `*-routes.ts` files; a domain
 * that serves nothing (a library other domains use, such as `candidates/` or `geo/`) has the
 * `index.ts` they use it through. Lower layers and the seed are not domains.
 */
const SRC = path.resolve(new URL('.', import.meta.url).pathname, '../src');
const NOT_DOMAINS = new Set(['plugins', 'db', 'auth', 'lib', 'mail', 'core', 'seed']);

const domains = readdirSync(SRC).filter((d) => statSync(path.join(SRC, d)).isDirectory() && !NOT_DOMAINS.has(d));
const files = (d: string): string[] => readdirSync(d).flatMap((f) => (statSync(path.join(d, f)).isDirectory() ? files(path.join(d, f)) : [path.join(d, f)]));

it('every domain folder has the shape of clients/', () => {
  expect(domains.length).toBeGreaterThan(25);
  const problems: string[] = [];
  const registry = readFileSync(path.join(SRC, 'routes.ts'), 'utf8');
  const registered = new Set<string>();
  for (const d of domains) {
    const dir = path.join(SRC, d);
    const has = (f: string) => existsSync(path.join(dir, f));
    const stray = files(dir).filter((f) => /-routes\.ts$/.test(f));
    for (const f of stray) problems.push(`${path.relative(SRC, f)}: one routes.ts per domain`);
    if (has('routes.ts')) {
      if (!has('matrix.ts')) problems.push(`${d}/: routes.ts without matrix.ts`);
      if (!registry.includes(`'./${d}/routes.ts'`)) problems.push(`${d}/routes.ts: not registered in src/routes.ts`);
      registered.add(d);
    } else if (!has('index.ts')) problems.push(`${d}/: neither routes.ts nor index.ts`);
  }
  expect(problems).toEqual([]);
  expect(registered.size).toBeGreaterThan(20);
});
