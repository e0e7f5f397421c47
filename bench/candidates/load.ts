// bench/candidates: concurrent load helpers (autocannon in a child process, the bare node:http
// ceiling) and the query sets of the concurrent figures.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileP = promisify(execFile);
export interface Figures {
  rps: number;
  p99: number;
  total: number;
}

/** autocannon at `connections` for `seconds`, each request the next of `paths` (cannon.ts, its own process). */
export async function cannon(
  base: string,
  paths: string[],
  opts: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<Figures> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hh-cannon-'));
  const file = path.join(dir, 'options.json');
  writeFileSync(file, JSON.stringify({ base, paths, connections: opts.connections, seconds: opts.seconds, headers: opts.headers ?? {} }));
  try {
    const script = path.join(import.meta.dirname, 'cannon.ts');
    const { stdout } = await execFileP(process.execPath, ['--import', 'tsx', script, file], { maxBuffer: 1 << 24 });
    const r = JSON.parse(stdout) as Figures & { non2xx: number; errors: number };
    if (r.non2xx || r.errors) throw new Error(`${base}${paths[0]}: ${r.non2xx} non-2xx, ${r.errors} errors under load`);
    return { rps: r.rps, p99: r.p99, total: r.total };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The ceiling of one Node process here, measured in the same run: node:http answering a 15-byte JSON. */
export async function startBare() {
  const code = `require('node:http').createServer((q,s)=>{s.writeHead(200,{'content-type':'application/json','content-length':15});s.end('{"status":"ok"}')}).listen(0,'127.0.0.1',function(){console.log(this.address().port)})`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'ignore'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (d) => resolve(Number(String(d).trim())));
    child.once('exit', (c) => reject(new Error(`bare server exited (${c})`)));
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

export const KEYWORDS = [
  'nurse',
  'software engineer',
  'forklift',
  'pharmacist',
  'telemetry',
  'customer service',
  'python',
  'garcia',
  'cdl',
  'wound care',
  'tableau',
  'icu',
];
export const BOOLEAN = [
  '"registered nurse" AND (icu OR "intensive care") -travel',
  '"registered nurse" AND (icu OR "intensive care") -travel',
  '(nurse OR therapist) AND telemetry -night',
  '"software engineer" AND (react OR typescript) -manager',
  'driver AND (cdl OR hazmat) -warehouse',
];
export const ZIPS = ['60601', '60614', '60657', '60007', '60540', '60302'];
export const FACETS = ['New,Screening', 'Interview', 'New', 'Screening,Interview,Offer'];
export const SOURCES = ['indeed', 'careersite,referral', 'linkedin'];

export type List = (params: Record<string, string | number>) => string;

/**
 * 200 distinct searches, 50 of each shape (keyword, boolean, keyword + radius + facets, a deep page),
 * told apart by page, radius and facets: what twenty recruiters each running their own search send.
 */
export function distinctQueries(list: List): string[] {
  const bool = [...new Set(BOOLEAN)];
  const out = new Set<string>();
  for (let i = 0; i < 200; i++) {
    const j = Math.floor(i / 4);
    if (i % 4 === 0) out.add(list({ searchQuery: KEYWORDS[j % 12], pageNumber: 1 + Math.floor(j / 12) }));
    else if (i % 4 === 1) out.add(list({ searchQuery: bool[j % bool.length], pageNumber: 1 + Math.floor(j / bool.length) }));
    else if (i % 4 === 2)
      out.add(
        list({
          searchQuery: KEYWORDS[j % 12],
          zipCode: ZIPS[j % 6],
          radius: [10, 25, 50][Math.floor(j / 12) % 3],
          status: FACETS[j % 4],
          source: SOURCES[j % 3],
          pageNumber: 1 + Math.floor(j / 36),
        }),
      );
    else out.add(list({ pageNumber: 400 + j, sortBy: j % 2 ? 'lastName' : 'createdAt', sortDir: j % 4 < 2 ? 'asc' : 'desc' }));
  }
  if (out.size !== 200) throw new Error(`expected 200 distinct queries, made ${out.size}`);
  return [...out];
}

/** Searches that never repeat in a run (7,200 of them): a keyword near a zip code, the radius 1 to 100 miles. */
export function coldQueries(list: List): string[] {
  return Array.from({ length: 7200 }, (_, n) =>
    list({ searchQuery: KEYWORDS[n % 12], zipCode: ZIPS[Math.floor(n / 12) % 6], radius: 1 + (Math.floor(n / 72) % 100) }),
  );
}
