import { XMLParser, XMLValidator } from 'fast-xml-parser';
import Papa from 'papaparse';

export type ImportFormat = 'csv' | 'json' | 'xml';
export interface RawRecord {
  line: number;
  raw: Record<string, unknown>;
}
export type ParseResult =
  | { ok: true; format: ImportFormat; records: RawRecord[] }
  | { ok: false; format: ImportFormat; errors: Array<{ line: number; message: string }> };

export const MAX_IMPORT_RECORDS = 100_000;

export function detectFormat(content: string, nameOrType = ''): ImportFormat {
  const n = nameOrType.toLowerCase();
  if (n.endsWith('.csv') || n.includes('text/csv')) return 'csv';
  if (n.endsWith('.json') || n.includes('json')) return 'json';
  if (n.endsWith('.xml') || n.includes('xml')) return 'xml';
  const head = content.trimStart()[0];
  if (head === '<') return 'xml';
  if (head === '[' || head === '{') return 'json';
  return 'csv';
}

const lineAt = (s: string, offset: number) => {
  let line = 1;
  for (let i = 0; i < offset && i < s.length; i++) if (s.charCodeAt(i) === 10) line++;
  return line;
};

/** Offsets where each top-level element of the jobs array starts, to report JSON errors by line. */
function elementOffsets(s: string, arrayStart: number): number[] {
  const out: number[] = [];
  let depth = 0;
  let inStr = false;
  let expecting = false;
  for (let i = arrayStart; i < s.length; i++) {
    const c = s[i];
    if (inStr) {
      if (c === '\\') i++;
      else if (c === '"') inStr = false;
      continue;
    }
    if (depth === 1 && expecting && !/[\s,\]]/.test(c)) {
      out.push(i);
      expecting = false;
    }
    if (c === '"') inStr = true;
    else if (c === '[' || c === '{') {
      depth++;
      if (depth === 1) expecting = true;
    } else if (c === ']' || c === '}') {
      depth--;
      if (depth === 0) break;
    } else if (c === ',' && depth === 1) expecting = true;
  }
  return out;
}

function parseJson(content: string): ParseResult {
  let data: unknown;
  try {
    data = JSON.parse(content);
  } catch (err) {
    const m = /position (\d+)/.exec((err as Error).message);
    const line = m ? lineAt(content, Number(m[1])) : /line (\d+)/.exec((err as Error).message)?.[1];
    return { ok: false, format: 'json', errors: [{ line: Number(line ?? 0), message: `The file is not valid JSON: ${(err as Error).message}` }] };
  }
  const list = Array.isArray(data) ? data : Array.isArray((data as { jobs?: unknown })?.jobs) ? (data as { jobs: unknown[] }).jobs : null;
  if (!list) return { ok: false, format: 'json', errors: [{ line: 1, message: 'Expected an array of jobs, or an object with a "jobs" array' }] };
  const start = Array.isArray(data) ? content.indexOf('[') : content.indexOf('[', content.indexOf('"jobs"'));
  const offsets = elementOffsets(content, start);
  const records: RawRecord[] = [];
  const errors: Array<{ line: number; message: string }> = [];
  list.forEach((item, i) => {
    const line = offsets[i] !== undefined ? lineAt(content, offsets[i]) : i + 1;
    if (!item || typeof item !== 'object' || Array.isArray(item)) errors.push({ line, message: 'Each job must be an object' });
    else records.push({ line, raw: item as Record<string, unknown> });
  });
  return errors.length ? { ok: false, format: 'json', errors } : { ok: true, format: 'json', records };
}

function parseCsv(content: string): ParseResult {
  const res = Papa.parse<Record<string, string>>(content.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy' });
  // Line of each data row: the header is line 1; quoted fields may span lines, so count them.
  const errors = res.errors.map((e) => ({ line: (e.row ?? 0) + 2, message: `CSV: ${e.message}` }));
  if (errors.length) return { ok: false, format: 'csv', errors };
  if (!res.meta.fields?.length) return { ok: false, format: 'csv', errors: [{ line: 1, message: 'The CSV file has no header row' }] };
  let line = 2;
  const records = res.data.map((row) => {
    const rec = { line, raw: row as Record<string, unknown> };
    line += 1 + Object.values(row).reduce((n, v) => n + (typeof v === 'string' ? (v.match(/\n/g)?.length ?? 0) : 0), 0);
    return rec;
  });
  return { ok: true, format: 'csv', records };
}

/** Indeed-style XML: <source> ... <job> ... </job> ... </source>. */
function parseXml(content: string): ParseResult {
  const valid = XMLValidator.validate(content);
  if (valid !== true) return { ok: false, format: 'xml', errors: [{ line: valid.err.line, message: `The XML is malformed: ${valid.err.msg}` }] };
  const doc = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true, cdataPropName: false, isArray: (name) => name === 'job' }).parse(
    content,
  );
  const root = doc.source ?? doc.jobs ?? doc;
  const list: unknown[] = root?.job ?? [];
  if (!Array.isArray(list)) return { ok: false, format: 'xml', errors: [{ line: 1, message: 'No <job> elements found' }] };
  const lines: number[] = [];
  const re = /<job[\s>]/g;
  for (let m = re.exec(content); m; m = re.exec(content)) lines.push(lineAt(content, m.index));
  return { ok: true, format: 'xml', records: list.map((raw, i) => ({ line: lines[i] ?? i + 1, raw: (raw ?? {}) as Record<string, unknown> })) };
}

export function parseImport(content: string, format: ImportFormat): ParseResult {
  if (!content.trim()) return { ok: false, format, errors: [{ line: 1, message: 'The file is empty' }] };
  const r = format === 'json' ? parseJson(content) : format === 'xml' ? parseXml(content) : parseCsv(content);
  if (r.ok && r.records.length > MAX_IMPORT_RECORDS)
    return { ok: false, format, errors: [{ line: 0, message: `At most ${MAX_IMPORT_RECORDS} jobs per import` }] };
  return r;
}
