import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One shape per call (decision 0010). A `routes.ts` is wiring only: each registration is one
 * `route(app, entry, operation[, extras])` naming an operation of the `Operation` type (tsc checks
 * the operation against its entry), with no handler body, no SQL and no database handle; access is
 * checked inside the operation by `requireClient` / `requireRight`, never by the older wrappers.
 */
const SRC = path.resolve(import.meta.dirname, '../src');

/** The older access wrappers: an operation uses `requireClient` / `requireRight` / `may` instead. */
const OLD_WRAPPERS = /\b(loadAccessibleClient|requireProductRight|requireStaffManager|selectedClientId|hasProductRight)\(/;

/** What a route file may not hold: a handler body, SQL, the database, or an older access wrapper. */
export function shapeProblems(file: string, text: string): string[] {
  const problems: string[] = [];
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  if (/\blegacyRoute\(/.test(code)) problems.push(`${file}: a route in the older shape (a handler of request and reply)`);
  for (const m of code.matchAll(/\broute\(\s*app\s*,/g)) {
    // The call's arguments, to its balanced closing parenthesis.
    let depth = 1;
    let i = (m.index ?? 0) + m[0].length;
    const start = i;
    for (; i < code.length && depth > 0; i++) depth += code[i] === '(' ? 1 : code[i] === ')' ? -1 : 0;
    const args = code.slice(start, i - 1);
    if (/=>|\basync\b|\bfunction\b/.test(args)) problems.push(`${file}: a route with a handler body: route(app, ${args.trim().slice(0, 40)}…)`);
  }
  if (/\b(app|deps)\.(db|pool)\b|\bsql`|\.select\(|\.insert\(|\.execute\(|\bpool\.query\(/.test(code))
    problems.push(`${file}: SQL or the database in a route file`);
  if (OLD_WRAPPERS.test(code)) problems.push(`${file}: an older access wrapper (use requireClient or requireRight in the operation)`);
  return problems;
}

const files = (d: string): string[] => readdirSync(d).flatMap((f) => (statSync(path.join(d, f)).isDirectory() ? files(path.join(d, f)) : [path.join(d, f)]));
const routeFiles = files(SRC)
  .map((f) => path.relative(SRC, f))
  .filter((f) => f.endsWith('/routes.ts'));

describe('operation shape', () => {
  it('finds each kind of problem in the fixtures, and none in a route file of the one shape', () => {
    const good = `export default async function r(app: FastifyInstance) {\n  route(app, r.list, listThings);\n  route(app, r.upload, uploadThing, { upload: { maxBytes: 10 } });\n}`;
    expect(shapeProblems('good/routes.ts', good)).toEqual([]);
    expect(shapeProblems('a/routes.ts', 'legacyRoute(app, r.list, async (req) => 1);')).toEqual([
      'a/routes.ts: a route in the older shape (a handler of request and reply)',
    ]);
    expect(shapeProblems('b/routes.ts', 'route(app, r.list, async (deps, input) => {\n  return 1;\n});')).toEqual([
      'b/routes.ts: a route with a handler body: route(app, r.list, async (deps, input) => {\n  retur…)',
    ]);
    expect(shapeProblems('c/routes.ts', 'const rows = await app.db.select().from(x);')).toEqual(['c/routes.ts: SQL or the database in a route file']);
    expect(shapeProblems('d/routes.ts', 'await loadAccessibleClient(db, actor, id);')).toEqual([
      'd/routes.ts: an older access wrapper (use requireClient or requireRight in the operation)',
    ]);
  });

  it('every route file outside NOT_YET has the one shape', () => {
    expect(routeFiles.length).toBeGreaterThan(25);
    const problems = routeFiles.flatMap((f) => shapeProblems(f, readFileSync(path.join(SRC, f), 'utf8')));
    expect(problems).toEqual([]);
  });
});
