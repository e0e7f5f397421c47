import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoDir } from './paths.ts';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  baseURL: string;
  /** The embedded PostgreSQL (its random password is kept in DATA_DIR/pg-password), for tests that must bypass the API. */
  databaseUrl: () => string;
  stop(): Promise<void>;
}

/**
 * Starts the real server (`node --import tsx apps/server/src/main.ts`) on free ports with a fresh
 * data folder (its own embedded PostgreSQL), waits for /health, and stops it with SIGTERM.
 */
export async function startServer(env: Record<string, string> = {}, timeoutMs = 300_000): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hh-e2e-'));
  // As root the server runs PostgreSQL as the postgres user, which must reach DATA_DIR/pg; otherwise
  // it falls back to /var/tmp/humanize-hiring-<sha1(path)> (removed in stop() too, just in case).
  chmodSync(dataDir, 0o755);
  const fallbackDir = path.join('/var/tmp', `humanize-hiring-${createHash('sha1').update(path.join(dataDir, 'pg')).digest('hex').slice(0, 12)}`);
  const port = await freePort();
  const pgPort = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      EMBEDDED_PG_PORT: String(pgPort),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (b: Buffer) => {
    output = (output + b.toString()).slice(-20_000);
  };
  child.stdout?.on('data', (b: Buffer) => {
    keep(b);
    if (process.env.E2E_SERVER_LOG) process.stderr.write(b);
  });
  child.stderr?.on('data', (b: Buffer) => {
    keep(b);
    if (process.env.E2E_SERVER_LOG) process.stderr.write(b);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  let up = false;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${baseURL}/health`);
      if (res.ok) {
        up = true;
        break;
      }
    } catch {
      // not listening yet: poll again
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(fallbackDir, { recursive: true, force: true });
  };
  if (!up) {
    await stop();
    throw new Error(`The server did not become healthy at ${baseURL}. Output:\n${output}`);
  }
  const databaseUrl = () =>
    `postgres://postgres:${encodeURIComponent(readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim())}@127.0.0.1:${pgPort}/humanize_hiring`;
  return { baseURL, stop, databaseUrl };
}
