import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Decisions 0008 and 0010, "one signature for domain operations": an operation is `(deps, input)`, `deps` a
 * `Pick<Deps, …>` of src/core/deps.ts (plus, by name, anything else of the app it needs, such as a
 * per-app cache), and never the Fastify instance. This scans every folder of src/ and the files at
 * its top, and fails on any use of `FastifyInstance` in an operation's file: an import of it (type
 * or value, renamed or not), a parameter typed with it, or `import('fastify')`.
 *
 * Not scanned: the wiring, which holds the app and hands over `depsOf(app)` — route plugins
 * (`routes.ts`, `*-routes.ts`), job files (`*.job.ts`), demo data (`seed.ts`), `app.ts`, `main.ts`,
 * `workers.ts`, `core/deps.ts` itself (`depsOf`) — tests and test helpers (`*.test.ts`,
 * `test-*.ts`), and the folders that are not domains (SKIPPED).
 */
const SRC = join(import.meta.dirname, '..', 'src');

/** Lower layers that are the app itself, not domains: Fastify decorators, the database, demo data, `AppError`. */
const SKIPPED = ['plugins', 'db', 'seed', 'lib'];

/**
 * Folders still to convert: each still has operations that take the app (the last test fails when a
 * listed folder no longer does, so the list only shrinks). Take a folder off when its operations take
 * `deps`; then this test keeps it that way.
 */
const NOT_YET: string[] = [];

const WIRING_AT_TOP = ['app.ts', 'main.ts', 'workers.ts'];

/** The files that may hold the app: wiring, tests and test helpers. `path` is relative to src/. */
const isWiring = (path: string) =>
  /\.test\.ts$/.test(path) ||
  /(^|\/)test-[\w-]+\.ts$/.test(path) ||
  /(^|\/)([\w-]+-)?routes\.ts$/.test(path) ||
  /\.job\.ts$/.test(path) ||
  /(^|\/)seed\.ts$/.test(path) ||
  WIRING_AT_TOP.includes(path) ||
  path === 'core/deps.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !isWiring(relative(SRC, path)) ? [path] : [];
  });
}

const folders = readdirSync(SRC, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const topFiles = readdirSync(SRC, { withFileTypes: true })
  .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !isWiring(e.name))
  .map((e) => join(SRC, e.name));

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

const offencesOf = (files: string[]) => files.flatMap((f) => offencesIn(readFileSync(f, 'utf8')).map((o) => `src/${relative(SRC, f)}:${o}`));

describe('no domain operation receives the Fastify instance (all of src/ but NOT_YET)', () => {
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

  it('tells the wiring from the operations', () => {
    for (const wiring of [
      'routes.ts',
      'wave/routes.ts',
      'jobs/department-routes.ts',
      'video/jobs/process-video.job.ts',
      'video/seed.ts',
      'app.ts',
      'core/deps.ts',
    ])
      expect(isWiring(wiring), wiring).toBe(true);
    for (const wiring of ['crm/crm.test.ts', 'video/test-media.ts']) expect(isWiring(wiring), wiring).toBe(true);
    for (const op of [
      'wave/update-wave-profile.ts',
      'sso/provider.ts',
      'core/captcha.ts',
      'config.ts',
      'job-analytics/record-event.ts',
      'crm/routes-helper.ts',
    ])
      expect(isWiring(op), op).toBe(false);
  });

  it('every operation takes its deps, never the app', () => {
    for (const f of [...SKIPPED, ...NOT_YET]) expect(folders, `${f}/ is not a folder of src/`).toContain(f);
    const scanned = folders.filter((f) => !SKIPPED.includes(f) && !NOT_YET.includes(f));
    const files = [...topFiles, ...scanned.flatMap((d) => sourceFiles(join(SRC, d)))];
    expect(scanned.length).toBeGreaterThan(20);
    expect(files.length).toBeGreaterThan(200);
    expect(offencesOf(files), 'take `deps: Pick<Deps, …>` (src/core/deps.ts) instead; the route or job passes depsOf(app)').toEqual([]);
  });

  it.each(NOT_YET)('%s/ is still to convert (else take it off NOT_YET)', (folder) => {
    expect(offencesOf(sourceFiles(join(SRC, folder))).length).toBeGreaterThan(0);
  });
});
