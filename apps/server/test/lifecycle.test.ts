import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/db/embedded.ts';

// Drives the real `npm start` entry point as a child process: embedded PostgreSQL, migrations,
// demo seed, the printed sign-in, and a clean SIGTERM shutdown.
const root = path.resolve(import.meta.dirname, '../../..');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function boot(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hh-life-'));
  chmodSync(dataDir, 0o755);
  dirs.push(dataDir);
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), EMBEDDED_PG_PORT: String(await freePort()), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (!out.includes('Portal ready')) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, base, dataDir, exited, output: () => out };
}

describe('npm start entry point', () => {
  it('starts on an embedded PostgreSQL, prints the demo sign-in that works, and stops cleanly on SIGTERM', async () => {
    const s = await boot({ SEED_DEMO: 'true' });
    expect(s.output()).toMatch(/Demo sign-in: admin@demo\.test \/ demo-password-1/);
    const health = await fetch(`${s.base}/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'up' });
    const login = await fetch(`${s.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'staff@demo.test', password: 'demo-password-1' }),
    });
    expect(login.status).toBe(200);

    // Requests in flight when SIGTERM arrives still complete.
    const inflight = Array.from({ length: 20 }, () => fetch(`${s.base}/health`).then((r) => r.status));
    s.child.kill('SIGTERM');
    const statuses = await Promise.allSettled(inflight);
    for (const st of statuses) if (st.status === 'fulfilled') expect([200, 503]).toContain(st.value);
    expect(await s.exited).toBe(0);
    // The embedded PostgreSQL was shut down (it removes its pid file on a clean stop).
    const pgDir = path.join(s.dataDir, 'pg');
    expect(existsSync(path.join(pgDir, 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(pgDir, 'postmaster.pid'))).toBe(false);
  }, 180_000);

  it('seeds idempotently across restarts, and SEED_DEMO=false prints no sign-in', async () => {
    const first = await boot({ SEED_DEMO: 'true' });
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    // Restart on the same data folder: same single demo client.
    const port = await freePort();
    const again = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: first.dataDir, PORT: String(port), EMBEDDED_PG_PORT: String(await freePort()), LOG_LEVEL: 'warn', SEED_DEMO: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    again.stdout.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((r) => again.once('exit', (code) => r(code)));
    const deadline = Date.now() + 120_000;
    while (!out.includes('Portal ready')) {
      if (Date.now() > deadline || again.exitCode !== null) throw new Error(`restart failed:\n${out}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(out).not.toContain('Demo sign-in');
    // The demo tenant from the first start is still there, once.
    const r = await fetch(`http://127.0.0.1:${port}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.test', password: 'demo-password-1' }),
    });
    expect(r.status).toBe(200);
    again.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(readdirSync(path.join(first.dataDir, 'pg')).includes('postmaster.pid')).toBe(false);
    // Two starts, each allowed 120 s (a start seeds the demo and makes its videos with ffmpeg, which on
    // 2 cores beside the rest of the suite once took long enough that 240 s did not cover both).
  }, 360_000);
  it('APP_PROCESSES=2 serves from two app processes on one port, replaces one that dies, and stops them all on SIGTERM', async () => {
    const s = await boot({ SEED_DEMO: 'false', APP_PROCESSES: '2' });
    expect(s.output()).toContain('(2 app processes)');
    // The app processes are the primary's children running the same entry point (PostgreSQL's are its own).
    const children = () => {
      try {
        return execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(s.child.pid)], { encoding: 'utf8' });
      } catch {
        return ''; // ps exits 1 when there are none
      }
    };
    const apps = () =>
      children()
        .split('\n')
        .filter((l) => l.includes('apps/server/src/main.ts'))
        .map((l) => Number(l.trim().split(/\s+/)[0]));
    const first = apps();
    expect(first).toHaveLength(2);
    for (let i = 0; i < 10; i++) expect((await fetch(`${s.base}/health`)).status).toBe(200);

    // One dies: the port keeps answering new connections (those the dead one held are reset, as a
    // browser would see them and retry), and a new process takes its place.
    process.kill(first[0], 'SIGKILL');
    const fresh = (url: string) =>
      new Promise<number>((resolve, reject) => http.get(url, { agent: false }, (r) => resolve(r.resume().statusCode ?? 0)).on('error', reject));
    const deadline = Date.now() + 60_000;
    const ended = `app process ${first[0]} ended (SIGKILL); starting another`;
    while (!s.output().includes(ended)) {
      if (Date.now() > deadline) throw new Error(`the primary did not notice:\n${s.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    for (let i = 0; i < 10; i++) expect(await fresh(`${s.base}/health`)).toBe(200);
    while (!(apps().length === 2 && !apps().includes(first[0]))) {
      if (Date.now() > deadline) throw new Error(`no replacement started:\n${s.output()}`);
      await new Promise((r) => setTimeout(r, 200));
    }

    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    expect(apps()).toEqual([]);
    expect(existsSync(path.join(s.dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 180_000);
});
