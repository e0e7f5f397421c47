import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 10, "one signature for domain operations": an operation is `(deps, input)`, `deps` a
 * `Pick<Deps, …>` of core/deps.ts, and never the Fastify instance. This scans the CRM and
 * requisitions sources (not tests, routes.ts, jobs/*.job.ts or seed.ts: those are the wiring that
 * holds the app and hands over `depsOf(app)`) and fails on any use of `FastifyInstance` there: an
 * import of it (type or value, renamed or not), a parameter typed with it, or `import('fastify')`.
 */
const SRC = join(import.meta.dirname, '..');
const SCANNED = ['crm', 'requisitions'];

/** The wiring files, which may hold the app. */
const isWiring = (file: string) => /\.test\.ts$/.test(file) || /(^|\/)routes\.ts$/.test(file) || /\.job\.ts$/.test(file) || /(^|\/)seed\.ts$/.test(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !isWiring(relative(SRC, path)) ? [path] : [];
  });
}

/**
 * The source with its comments blanked (line numbers kept), so a doc comment naming the type is not
 * an offence. A comment starts a line or follows white space (so `'https://…'` in a string stays).
 */
function withoutComments(source: string): string {
  return source.replace(/(?<=^|\s)(?:\/\*[\s\S]*?\*\/|\/\/[^\n]*)/g, (c) => c.replace(/[^\n]/g, ' '));
}

/** Each line that brings the Fastify instance into an operation, as "line: text". */
export function offencesIn(source: string): string[] {
  const code = withoutComments(source);
  const lines = code.split('\n');
  const lineOf = (index: number) => code.slice(0, index).split('\n').length;
  const found = new Set<number>();
  // Any mention of the type: `import type { FastifyInstance as App } from 'fastify'`, a parameter
  // `app: FastifyInstance`, `import('fastify').FastifyInstance`, `F.FastifyInstance`.
  for (const m of code.matchAll(/\bFastifyInstance\b/g)) found.add(lineOf(m.index));
  // The fastify module itself (`import fastify from 'fastify'`, `import * as F from 'fastify'`): only its types may be named.
  for (const m of code.matchAll(/import\s+(?:type\s+)?(?:\*\s*as\s+)?[\w$]+\s*(?:,\s*\{[^}]*\}\s*)?from\s*['"]fastify['"]/g)) found.add(lineOf(m.index));
  return [...found].sort((a, b) => a - b).map((n) => `${n}: ${lines[n - 1].trim()}`);
}

describe('no domain operation receives the Fastify instance (crm, requisitions)', () => {
  it('finds the offences it is meant to find, and nothing in comments', () => {
    expect(offencesIn("import type { FastifyInstance } from 'fastify';")).toHaveLength(1);
    expect(offencesIn("import { type FastifyBaseLogger, FastifyInstance as App } from 'fastify';")).toHaveLength(1);
    expect(offencesIn("import type {\n  FastifyReply,\n  FastifyInstance,\n} from 'fastify';")).toEqual(['3: FastifyInstance,']);
    expect(offencesIn("import * as F from 'fastify';\nexport function f(app: ReturnType<typeof F.default>) {}")).toEqual(["1: import * as F from 'fastify';"]);
    expect(offencesIn("import fastify from 'fastify';")).toHaveLength(1);
    expect(offencesIn('export async function f(app: FastifyInstance, input: { id: string }) {}')).toHaveLength(1);
    expect(offencesIn("export async function f(app: import('fastify').FastifyInstance) {}")).toHaveLength(1);
    expect(offencesIn("import type { FastifyReply } from 'fastify';\n/** Unlike a FastifyInstance, deps… */\n// app: FastifyInstance\nconst x = 1;")).toEqual(
      [],
    );
    expect(offencesIn("const u = 'https://a.example/x'; export function f(app: FastifyInstance) {}")).toHaveLength(1);
    expect(offencesIn("import type { Deps } from '../core/deps.ts';\nexport async function f(deps: Pick<Deps, 'db'>, input: { id: string }) {}")).toEqual([]);
  });

  it('every operation takes its deps, never the app', () => {
    const files = SCANNED.flatMap((d) => sourceFiles(join(SRC, d)));
    expect(files.length).toBeGreaterThan(50);
    const offences = files.flatMap((f) => offencesIn(readFileSync(f, 'utf8')).map((o) => `src/${relative(SRC, f)}:${o}`));
    expect(offences, 'take `deps: Pick<Deps, …>` (core/deps.ts) instead; the route or job passes depsOf(app)').toEqual([]);
  });
});
