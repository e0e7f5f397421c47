import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { appendFileSync, chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashPassword } from '../../src/auth/passwords.ts';
import { createPool } from '../../src/db/client.ts';
import { type EmbeddedHandle, freePort, startEmbeddedPostgres } from '../../src/db/embedded.ts';
import { migrate } from '../../src/db/migrate.ts';

/**
 * What every fault test uses: a real PostgreSQL cluster of its own (so it can be stopped and
 * started), the real server started as `npm start` does (`main.ts`, a child process in its own
 * process group, so `kill -9` takes its ffmpeg children too), a tenant made with SQL, and a way
 * to print the figures.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
export const PASSWORD = 'fault-tolerant-9';

export function tempDir(prefix: string): string {
  const d = mkdtempSync(path.join(os.tmpdir(), prefix));
  chmodSync(d, 0o755);
  return d;
}

export interface Postgres {
  url: string;
  adminUrl: string;
  /** Stops PostgreSQL (fast shutdown: sessions are ended, as a restart does). */
  stop: () => Promise<void>;
  /** Starts it again on the same data folder and port. */
  start: () => Promise<void>;
  close: () => Promise<void>;
}

/**
 * A PostgreSQL of this test's own, migrated: durable settings (fsync on) as in production, or
 * `fast` (fsync off) where PostgreSQL itself is not what the fault hits.
 */
export async function startPostgres(dir: string, { fast = false } = {}): Promise<Postgres> {
  const port = await freePort();
  const opts = { dataDir: path.join(dir, 'pg'), port, persistent: true, fast, passwordFile: path.join(dir, 'pg-password') };
  let pg: EmbeddedHandle | null = await startEmbeddedPostgres(opts);
  const adminUrl = pg.url('postgres');
  const admin = createPool(adminUrl, 1);
  await admin.query('CREATE DATABASE faults');
  await admin.end();
  const url = pg.url('faults');
  const pool = createPool(url, 1);
  await migrate(pool);
  await pool.end();
  return {
    url,
    adminUrl,
    stop: async () => {
      await pg?.stop();
      pg = null;
    },
    start: async () => {
      pg = await startEmbeddedPostgres(opts);
    },
    close: async () => {
      await pg?.stop();
      pg = null;
    },
  };
}

export interface Server {
  base: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** SIGKILL to the whole process group (the server and any ffmpeg it started). */
  kill9: () => Promise<void>;
  /** SIGTERM and wait for the clean exit. */
  stop: () => Promise<number | null>;
}

/** Starts `apps/server/src/main.ts` on DATABASE_URL, as production does, and waits for "Portal ready". */
export async function startServer(env: Record<string, string>, timeoutMs = 90_000): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    detached: true, // its own process group
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      JWT_SECRET: 'faults-test-secret-0123456789-abcdefghijklmnop',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const deadline = Date.now() + timeoutMs;
  while (!out.includes('Portal ready')) {
    if (child.exitCode !== null || child.signalCode) throw new Error(`server exited early:\n${out}`);
    if (Date.now() > deadline) {
      process.kill(-(child.pid as number), 'SIGKILL');
      throw new Error(`server did not start within ${timeoutMs} ms:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base: `http://127.0.0.1:${port}`,
    child,
    output: () => out,
    exited,
    kill9: async () => {
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        // already gone
      }
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** A client with every product, and a recruiter who manages it, made with SQL; returns the recruiter's bearer header. */
export async function createTenant(dbUrl: string, base: string) {
  const pool = createPool(dbUrl, 1);
  const slug = `faults-${randomBytes(3).toString('hex')}`;
  try {
    const user = await pool.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, first_name, last_name, user_type_global, status)
       VALUES ($1, $2, 'Rita', 'Recruiter', 'recruiter', 'Active') RETURNING id`,
      [`rita-${slug}@faults.example`, await hashPassword(PASSWORD)],
    );
    const client = await pool.query<{ id: string }>(
      `INSERT INTO clients (name, name_slug, virtual_app_name, subscriptions, created_by)
       VALUES ($1, $2, $3, $4::jsonb, $5) RETURNING id`,
      [
        `Client ${slug}`,
        slug,
        slug.replace(/-/g, ''),
        JSON.stringify({ cultivate: true, harvest: true, harvestPlus: true, wave: true, motivator: true, media: true }),
        user.rows[0].id,
      ],
    );
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `rita-${slug}@faults.example`, password: PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
    const token = ((await login.json()) as { tokens: { accessToken: string } }).tokens.accessToken;
    return { clientId: client.rows[0].id, slug, userId: user.rows[0].id, email: `rita-${slug}@faults.example`, auth: { authorization: `Bearer ${token}` } };
  } finally {
    await pool.end();
  }
}

/** POST /api/job/create (a Registered Nurse in 78701); returns the job's id and public address. */
export async function createJob(base: string, auth: Record<string, string>, clientId: string, title = 'Registered Nurse') {
  const res = await fetch(`${base}/api/job/create`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ clientId, title, zipCode: '78701', employmentType: 'FULL_TIME' }),
  });
  if (res.status !== 201) throw new Error(`job create answered ${res.status}: ${await res.text()}`);
  const job = (await res.json()) as { _id: string; url: string };
  return job;
}

/** The address of a job page's ALTCHA challenge (the form's script fetches a fresh one per visitor). */
export async function challengeUrl(base: string, jobUrl: string): Promise<string> {
  const page = await fetch(new URL(jobUrl, base), { headers: { accept: 'text/html' } });
  const m = /data-challenge-url="([^"]+)"/.exec(await page.text());
  if (!m) throw new Error(`no captcha challenge address on ${jobUrl} (status ${page.status})`);
  return new URL(m[1].replace(/&amp;/g, '&'), base).toString();
}

/** Fetches one challenge and solves it as the page's script does (see test/captcha.ts): the `altcha` form value. */
export async function solveCaptcha(url: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await fetch(url, { headers });
  if (res.status !== 200) throw new Error(`captcha challenge answered ${res.status}`);
  const challenge = (await res.json()) as { parameters: { salt: string; nonce: string; keyLength: number; keyPrefix: string } };
  const p = challenge.parameters;
  const prefix = Buffer.concat([Buffer.from(p.salt, 'hex'), Buffer.from(p.nonce, 'hex')]);
  const counter = Buffer.alloc(4);
  for (let i = 0; i < 1e6; i++) {
    counter.writeUInt32BE(i);
    const k = createHash('sha256')
      .update(Buffer.concat([prefix, counter]))
      .digest('hex')
      .slice(0, p.keyLength * 2);
    if (k.startsWith(p.keyPrefix)) return Buffer.from(JSON.stringify({ challenge, solution: { counter: i, derivedKey: k } })).toString('base64');
  }
  throw new Error('captcha unsolved');
}

/** A multipart/form-data body with text fields and one `resume` file. */
export function multipart(fields: Record<string, string>, file: { name: string; data: Buffer }) {
  const boundary = `----faults${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  chunks.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
  );
  chunks.push(file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Polls `check` until it returns a value (not undefined/false) or the time is up. */
export async function waitUntil<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 60_000, everyMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check().catch(() => undefined);
    if (v !== undefined && v !== false) return v as T;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * The figures of one fault, printed to the test output (process.stdout, not console: the suite fails
 * tests that write console errors, and these lines are meant to be read) and, when FAULTS_FIGURES
 * names a file, added to it for the closing note of `npm test` (scripts/test-all.mjs).
 */
export function reportFigures(fault: string, figures: Record<string, number | string>): void {
  const line = `[faults] ${fault}: ${Object.entries(figures)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')}`;
  process.stdout.write(`${line}\n`);
  const file = process.env.FAULTS_FIGURES;
  if (file) {
    mkdirSync(path.dirname(file), { recursive: true });
    appendFileSync(file, `${JSON.stringify({ fault, ...figures })}\n`);
  }
}

export function removeDir(d: string): void {
  rmSync(d, { recursive: true, force: true });
}

export interface Received {
  to: string[];
  subject: string;
  raw: string;
}

/**
 * A loopback SMTP listener (as the e2e suite's) that can be closed and opened again on the same
 * port: `down()` makes the SMTP server unreachable (connection refused), `up()` brings it back.
 */
export async function smtpListener() {
  const { SMTPServer } = await import('smtp-server');
  const mails: Received[] = [];
  const port = await freePort();
  let server: InstanceType<typeof SMTPServer> | null = null;
  const up = async () => {
    const s = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, cb) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? '', raw });
          cb();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => resolve());
    });
    server = s;
  };
  const down = async () => {
    const s = server;
    server = null;
    if (s) await new Promise<void>((r) => s.close(() => r()));
  };
  await up();
  return { url: `smtp://127.0.0.1:${port}?ignoreTLS=true`, mails, up, down, to: (addr: string) => mails.filter((m) => m.to.includes(addr)) };
}
