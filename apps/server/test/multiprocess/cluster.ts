import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import S3rver from 's3rver';
import { freePort } from '../../src/db/embedded.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface AppProcess {
  name: string;
  base: string;
  pid: number;
  dataDir: string;
  /** Resident memory in bytes (Linux /proc). */
  rss(): number;
  stop(): Promise<void>;
}

/** Starts `apps/server/src/main.ts` as its own process, as `npm start` would, and waits until it serves. */
export async function startAppProcess(name: string, env: Record<string, string>): Promise<AppProcess> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `hh-proc-${name}-`));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED_DEMO: 'false', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000; // a hang guard: a start on a saturated machine can take minutes
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app process ${name} exited:\n${out}`);
    try {
      if ((await fetch(`${base}/health`)).ok && out.includes('Portal ready')) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`app process ${name} did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    name,
    base,
    pid: child.pid ?? 0,
    dataDir,
    rss() {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0);
      return kb * 1024;
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A small reverse proxy on loopback: one address in front of several app processes, as a load
 * balancer would be. Requests alternate between the backends; the `x-backend: <name>` header pins
 * one (so a test can say "made on A, used on B"). It sets X-Forwarded-For like a real balancer.
 */
export async function startProxy(backends: AppProcess[]) {
  let next = 0;
  const hits = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const pinned = req.headers['x-backend'];
    const target = backends.find((b) => b.name === pinned) ?? backends[next++ % backends.length];
    hits.set(target.name, (hits.get(target.name) ?? 0) + 1);
    const url = new URL(req.url ?? '/', target.base);
    // `x-client-address` lets a caller play many visitors (bench/scale's job seekers): it becomes the
    // forwarded address, as a balancer forwards each visitor's own.
    const client = req.headers['x-client-address'];
    const headers: http.OutgoingHttpHeaders = {
      ...req.headers,
      host: url.host,
      'x-forwarded-for': typeof client === 'string' ? client : '203.0.113.9',
      'x-forwarded-proto': 'http',
    };
    delete headers['x-backend'];
    delete headers['x-client-address'];
    const upstream = http.request(url, { method: req.method, headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, { ...up.headers, 'x-served-by': target.name });
      up.pipe(res);
      up.on('error', () => res.destroy()); // a backend that breaks off mid-reply breaks off ours
    });
    upstream.on('error', () => {
      if (res.headersSent) return res.destroy();
      res.writeHead(502).end();
    });
    req.on('error', () => upstream.destroy());
    req.pipe(upstream);
  });
  // Idle client connections stay open longer than fetch (undici) keeps them (4 s), so the client,
  // not the proxy, closes an idle connection: no request is ever sent on a socket being closed.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  return {
    base: `http://127.0.0.1:${port}`,
    hits,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** An S3-compatible server (s3rver) on loopback with one bucket, its objects in a temporary folder. */
export async function startS3(bucket: string) {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'hh-s3-'));
  const port = await freePort();
  const server = new S3rver({ port, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    directory,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
