import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The portal shows every date and time through one formatter, apps/web/src/lib/format.ts: the user's
 * locale, the time zone named. A screen that calls the browser's date formatting itself writes a time
 * in another shape, often in another zone, with no zone named; this scan finds such a call anywhere in
 * the portal. (The portal has no test runner of its own; the server's Vitest runs this scan.)
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const WEB = path.join(ROOT, 'apps/web/src');
const FORMATTER = 'lib/format.ts';

const DIRECT = [
  { name: 'toLocaleString()', re: /\.toLocaleString\s*\(/ },
  { name: 'toLocaleDateString()', re: /\.toLocaleDateString\s*\(/ },
  { name: 'toLocaleTimeString()', re: /\.toLocaleTimeString\s*\(/ },
  { name: 'Intl.DateTimeFormat', re: /\bIntl\s*\.\s*DateTimeFormat\b/ },
  { name: 'Date#toString()', re: /new Date\([^)]*\)\s*\.\s*to(?:Date|Time|UTC|GMT)?String\s*\(/ },
  { name: 'Date#toUTCString()', re: /\.to(?:UTC|GMT)String\s*\(/ },
];

/** `file:line: API` for each direct date-formatting call in `text`. */
export function directDateCalls(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    const code = line.replace(/\/\/.*$/, '');
    for (const d of DIRECT) if (d.re.test(code)) found.push(`${file}:${i + 1}: ${d.name}`);
  });
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.(ts|tsx)$/.test(f) ? [p] : [];
  });
}

describe('portal dates go through lib/format.ts', () => {
  it('no portal file outside lib/format.ts formats a date itself', () => {
    const files = sources(WEB).map((p) => path.relative(WEB, p).split(path.sep).join('/'));
    expect(files).toContain(FORMATTER);
    expect(files.length).toBeGreaterThan(100);
    const problems = files.filter((f) => f !== FORMATTER).flatMap((f) => directDateCalls(f, readFileSync(path.join(WEB, f), 'utf8')));
    expect(problems).toEqual([]);
  });

  it('the scan finds each kind of direct call (so the test above can fail)', () => {
    const bad = [
      'const a = new Date(iso).toLocaleString();',
      "const b = d.toLocaleDateString(undefined, { dateStyle: 'long' });",
      'const c = d.toLocaleTimeString();',
      "const e = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC' }).format(d);",
      'const f = new Date(x).toString();',
      'const g = d.toUTCString();',
      '// a comment naming toLocaleString() is not a call: it is ignored',
      "const ok = formatDate(iso, 'UTC');",
    ].join('\n');
    expect(directDateCalls('x.tsx', bad)).toEqual([
      'x.tsx:1: toLocaleString()',
      'x.tsx:2: toLocaleDateString()',
      'x.tsx:3: toLocaleTimeString()',
      'x.tsx:4: Intl.DateTimeFormat',
      'x.tsx:5: Date#toString()',
      'x.tsx:6: Date#toUTCString()',
    ]);
  });
});
