import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Decision 0010, point 5: a function a domain gives other domains (through its `index.ts`) takes
 * `(deps, input)` like an operation, with `deps` `{ db }` (`DbDeps`, the pool or the caller's
 * transaction) or a `Pick<Deps, …>`, never a bare database handle first (`(db, …)`, `(tx, …)`).
 * This reads every domain's `index.ts`, follows each exported name to the file that declares it and
 * fails on a first parameter that is a database handle. Pure helpers (`serializeJob(row)`,
 * `plainText(html)`) take no database and are not concerned.
 */
const SRC = path.resolve(import.meta.dirname, '../src');
const LOWER = new Set(['plugins', 'db', 'auth', 'lib', 'mail', 'core', 'seed']);

/** The first parameter's text of an exported function or arrow function named `name` in `source`, or null. */
export function firstParameter(source: string, name: string): string | null {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const fn = new RegExp(`export\\s+(?:async\\s+)?function\\s+${name}\\s*(?:<[^(]*?>)?\\s*\\(`).exec(code);
  const arrow = new RegExp(`export\\s+const\\s+${name}\\s*(?::[^=]+)?=\\s*(?:async\\s*)?(?:<[^(]*?>)?\\s*\\(`).exec(code);
  const m = fn ?? arrow;
  if (!m) return null;
  // The text up to the first comma or closing parenthesis outside brackets.
  let depth = 0;
  let i = m.index + m[0].length;
  const start = i;
  for (; i < code.length; i++) {
    const ch = code[i];
    if ('({[<'.includes(ch)) depth++;
    else if (')}]>'.includes(ch)) {
      if (depth === 0) break;
      depth--;
    } else if (ch === ',' && depth === 0) break;
  }
  return code.slice(start, i).replace(/\s+/g, ' ').trim();
}

/** True when a first parameter is a bare database handle: `db: DbOrTx`, `tx: Tx`, `pool: pg.Pool`. */
export function isDatabaseHandle(param: string): boolean {
  const [binding, ...rest] = param.split(':');
  const type = rest.join(':').trim();
  if (/^\{/.test(binding.trim())) return false; // a destructured deps object: `{ db }: DbDeps`
  return /^(db|tx|trx|pool)\??$/.test(binding.trim()) || /^(Db|DbOrTx|Tx|NodePgDatabase\b.*|pg\.Pool|Pool|PoolClient)$/.test(type);
}

/** The names an index.ts exports, each with the file that declares it. */
export function exportsOf(indexSource: string, dir: string): { name: string; file: string }[] {
  const out: { name: string; file: string }[] = [];
  const code = indexSource.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  for (const m of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*'(\.[^']+)'/g)) {
    for (const part of m[1].split(',')) {
      const n = part.trim();
      if (!n || /^type\s/.test(n)) continue;
      out.push({ name: n.split(/\s+as\s+/)[0].trim(), file: path.join(dir, m[2]) });
    }
  }
  for (const m of code.matchAll(/export\s*\*\s*from\s*'(\.[^']+)'/g)) {
    const file = path.join(dir, m[1]);
    const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
    for (const d of text.matchAll(/export\s+(?:async\s+)?(?:function|const)\s+(\w+)/g)) out.push({ name: d[1], file });
  }
  for (const d of code.matchAll(/export\s+(?:async\s+)?(?:function|const)\s+(\w+)/g)) out.push({ name: d[1], file: path.join(dir, 'index.ts') });
  return out;
}

const domains = readdirSync(SRC).filter((d) => statSync(path.join(SRC, d)).isDirectory() && !LOWER.has(d) && existsSync(path.join(SRC, d, 'index.ts')));

/** Every `<domain>/<name>` whose first parameter is a database handle. */
function databaseFirst(): string[] {
  const found: string[] = [];
  for (const d of domains) {
    const dir = path.join(SRC, d);
    for (const { name, file } of exportsOf(readFileSync(path.join(dir, 'index.ts'), 'utf8'), dir)) {
      const param = existsSync(file) ? firstParameter(readFileSync(file, 'utf8'), name) : null;
      if (param && isDatabaseHandle(param)) found.push(`${d}/${name}`);
    }
  }
  return found.sort();
}

describe('functions a domain gives others take (deps, input)', () => {
  it('finds a database handle first, and nothing else', () => {
    const src = [
      'export async function a(db: DbOrTx, id: string) {}',
      'export async function b(\n  tx: Tx,\n  opts: { id: string },\n) {}',
      'export const c = async (db: Db, x: number) => x;',
      'export async function d({ db }: DbDeps, input: { zip: string }) {}',
      "export async function e(deps: Pick<Deps, 'db'>, input: { id: string }) {}",
      'export function f(row: JobRow) {}',
      "export const g: Operation<typeof r.list, 'db'> = async (deps, input) => [];",
      'export async function h<T extends object>(db: DbOrTx, t: T) {}',
    ].join('\n');
    const first = (n: string) => firstParameter(src, n) ?? '';
    expect(['a', 'b', 'c', 'h'].filter((n) => isDatabaseHandle(first(n)))).toEqual(['a', 'b', 'c', 'h']);
    expect(['d', 'e', 'f', 'g'].filter((n) => isDatabaseHandle(first(n)))).toEqual([]);
    expect(first('b')).toBe('tx: Tx');
    expect(first('d')).toBe('{ db }: DbDeps');
    expect(exportsOf("export { a, type T, b as c } from './x.ts';\nexport * from './nowhere.ts';", '/d').map((e) => e.name)).toEqual(['a', 'b']);
  });

  it('every function exported through a domain index.ts takes deps first', () => {
    expect(domains.length).toBeGreaterThan(20);
    const offenders = databaseFirst();
    expect(offenders, 'take (deps: DbDeps or Pick<Deps, …>, input: { … }) instead (decision 0010, point 5)').toEqual([]);
  });
});
