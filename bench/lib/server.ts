import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/server/src/db/embedded.ts';

/** Starts the real server as a child process on a throw-away embedded database, for benchmarks. */
export async function startServer(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hh-bench-'));
  chmodSync(dataDir, 0o755); // the embedded PostgreSQL runs as the postgres user and must reach its data folder
  const port = await freePort();
  const pgPort = await freePort();
  const extra = process.env.BENCH_SERVER_NODE_FLAGS ? process.env.BENCH_SERVER_NODE_FLAGS.split(' ') : [];
  const child: ChildProcess = spawn(process.execPath, [...extra, '--import', 'tsx', 'apps/server/src/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), EMBEDDED_PG_PORT: String(pgPort), LOG_LEVEL: 'warn', SEED_DEMO: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${out}`);
    try {
      const r = await fetch(`${base}/health`);
      if (r.ok && out.includes('Portal ready')) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    base,
    pid: child.pid!,
    /** Resident memory of the server process in bytes (Linux /proc). */
    rss(): number {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return kb * 1024;
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function login(base: string, email = 'admin@demo.test', password = 'demo-password-1'): Promise<string> {
  const r = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!r.ok) throw new Error(`login failed: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { tokens: { accessToken: string } }).tokens.accessToken;
}
