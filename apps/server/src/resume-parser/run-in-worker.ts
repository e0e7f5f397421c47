import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { messages } from '@hh/contract/messages';
import { build } from 'esbuild';
import { ResumeParseError, refuse } from './errors.ts';
import type { ParsedResume } from './parse-resume.ts';
import type { WorkerReply } from './parse-worker.ts';

/**
 * Limits of one document's parse (docs/decisions/0404-resume-parsing-off-thread.md). A resume takes
 * well under a second and a few tens of MB; a document that needs more is refused, not waited for.
 */
export interface WorkerLimits {
  /** Wall time per document; past it the worker is terminated. */
  timeoutMs: number;
  /** V8 heap limits of the worker (resourceLimits): past them the worker dies, not the server. */
  maxOldGenerationSizeMb: number;
  maxYoungGenerationSizeMb: number;
  stackSizeMb: number;
  /** Documents parsed at once in this process; more wait their turn. */
  concurrency: number;
}

export const RESUME_WORKER_LIMITS: WorkerLimits = {
  timeoutMs: 15_000,
  maxOldGenerationSizeMb: 256,
  maxYoungGenerationSizeMb: 32,
  stackSizeMb: 4,
  concurrency: 2,
};

const ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'parse-worker.ts');
let bundled: Promise<string> | null = null;

/**
 * The worker's code as one ES module file. The server runs TypeScript through tsx (and Vitest through
 * Vite), neither of which a worker thread inherits, so the entry is bundled once per process with
 * esbuild; npm packages stay imports, resolved from the workspace's node_modules, where the file is
 * written (content-addressed, so processes share it and a change makes a new file).
 */
function workerFile(): Promise<string> {
  bundled ??= (async () => {
    const result = await build({
      entryPoints: [ENTRY],
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      write: false,
      legalComments: 'none',
      plugins: [
        {
          name: 'packages-external',
          setup(b) {
            // Workspace packages (@hh/*) are TypeScript: bundled. Everything else is loaded by Node.
            b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith('@hh/') ? undefined : { path: a.path, external: true }));
          },
        },
      ],
    });
    const code = result.outputFiles[0].text;
    const nodeModules = createRequire(import.meta.url)
      .resolve('unpdf')
      .split(`${path.sep}node_modules${path.sep}`)[0];
    const dir = path.join(nodeModules, 'node_modules', '.cache', 'hh-resume-parser');
    const file = path.join(dir, `parse-worker-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
    if (!existsSync(file)) {
      mkdirSync(dir, { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, code);
      renameSync(tmp, file);
    }
    return file;
  })().catch((err) => {
    bundled = null;
    throw err;
  });
  return bundled;
}

/** Documents being parsed now, and those waiting for a slot (per process). */
let running = 0;
const waiting: Array<() => void> = [];

async function slot(concurrency: number): Promise<() => void> {
  if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

const tooComplex = () => new ResumeParseError(422, messages.requisitions.resumeTooComplex);

/**
 * parseResume in a worker thread with a time limit and V8 heap limits, so that no document can stall
 * the server's event loop or exhaust its memory: past the time limit the worker is terminated, past
 * the heap limit it dies on its own; both answer ResumeParseError 422 (resumeTooComplex). Other
 * refusals (type, size, encryption, zip bomb) are the parser's own, with their status.
 */
export async function parseResumeInWorker(
  bytes: Uint8Array,
  contentType: string,
  fileName = '',
  limits: WorkerLimits = RESUME_WORKER_LIMITS,
): Promise<ParsedResume> {
  const file = await workerFile();
  const release = await slot(limits.concurrency);
  try {
    return await new Promise<ParsedResume>((resolve, reject) => {
      const worker = new Worker(file, {
        workerData: { bytes, contentType, fileName },
        execArgv: [],
        resourceLimits: {
          maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb,
          maxYoungGenerationSizeMb: limits.maxYoungGenerationSizeMb,
          stackSizeMb: limits.stackSizeMb,
        },
      });
      let settled = false;
      const settle = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        fn();
        void worker.terminate();
      };
      const timer = setTimeout(() => settle(() => reject(tooComplex())), limits.timeoutMs);
      worker.once('message', (reply: WorkerReply) =>
        settle(() => (reply.ok ? resolve(reply.parsed) : reject(new ResumeParseError(reply.status, reply.message || messages.requisitions.parseFailed)))),
      );
      worker.once('error', (err: Error & { code?: string }) =>
        settle(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' || err instanceof RangeError ? tooComplex() : refuse.unreadable())),
      );
      worker.once('exit', () => settle(() => reject(refuse.unreadable())));
    });
  } finally {
    release();
  }
}
