import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../src/app.ts';
import { hashPassword } from '../src/auth/passwords.ts';
import { loadConfig } from '../src/config.ts';
import { createDb, createPool } from '../src/db/client.ts';
import { clients, users } from '../src/db/schema/core.ts';
import { createTestDatabase, dropTestDatabase } from './test-db.ts';

export interface TestApp {
  app: FastifyInstance;
  dbName: string;
  close: () => Promise<void>;
}

/**
 * Builds the real app on a fresh database cloned from the migrated template.
 * `env` overrides configuration (for example SMTP_URL, ACCESS_TOKEN_TTL).
 */
export async function setupTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dbName = `t_${randomBytes(6).toString('hex')}`;
  const url = await createTestDatabase(dbName);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hh-app-'));
  const config = loadConfig(
    {},
    { NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...env },
  );
  const pool = createPool(url, 5);
  // HH_TEST_LOG=1 prints the app's errors (a 500's cause) while a test runs; silent otherwise.
  const app = await buildApp({ config, db: createDb(pool), pool, databaseUrl: url, logger: process.env.HH_TEST_LOG ? { level: 'error' } : false });
  await app.ready();
  return {
    app,
    dbName,
    close: async () => {
      await app.close();
      await pool.end();
      await dropTestDatabase(dbName);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const uid = () => randomBytes(4).toString('hex');
export const TEST_PASSWORD = 'correct-horse-9';
let hashed: Promise<string> | null = null;
const passwordHash = () => (hashed ??= hashPassword(TEST_PASSWORD));

export type Role = 'admin' | 'recruiter' | 'user';

/** Factory: a unique user. Staff (`user`) need a clientId. */
export async function createUser(
  app: FastifyInstance,
  opts: {
    role?: Role;
    clientId?: string | null;
    status?: 'Active' | 'Suspended';
    products?: Partial<Record<'wave' | 'harvest' | 'harvestPlus' | 'cultivate' | 'motivator', string>>;
    createdBy?: string;
  } = {},
) {
  const email = `u-${uid()}@test.example`;
  const p = opts.products ?? {};
  const [row] = await app.db
    .insert(users)
    .values({
      email,
      passwordHash: await passwordHash(),
      firstName: 'Test',
      lastName: uid(),
      userTypeGlobal: opts.role ?? 'user',
      clientId: opts.clientId ?? null,
      company: opts.clientId ? { companyInfo: opts.clientId } : {},
      status: opts.status ?? 'Active',
      userTypeWave: p.wave ?? 'none',
      userTypeHarvest: p.harvest ?? 'none',
      userTypeHarvestPlus: p.harvestPlus ?? 'none',
      userTypeCultivate: p.cultivate ?? 'none',
      userTypeMotivator: p.motivator ?? 'none',
      createdBy: opts.createdBy ?? null,
    })
    .returning();
  return row;
}

/** Factory: a unique client with every subscription on. */
export async function createClient(app: FastifyInstance, overrides: Partial<typeof clients.$inferInsert> = {}) {
  const slug = `client-${uid()}`;
  const [row] = await app.db
    .insert(clients)
    .values({
      name: `Client ${slug}`,
      nameSlug: slug,
      virtualAppName: slug.replace(/-/g, ''),
      subscriptions: { cultivate: true, harvest: true, harvestPlus: true, wave: true, motivator: true, media: true },
      ...overrides,
    })
    .returning();
  return row;
}

/** Signs in over HTTP and returns the bearer header for later calls. */
export async function signIn(app: FastifyInstance, email: string, password = TEST_PASSWORD, strategy?: 'access' | 'refresh') {
  // Each sign-in from its own address: the per-address login limit (decision 0400) is not what tests measure.
  const remoteAddress = `10.200.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password, strategy }, remoteAddress });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return {
    headers: { authorization: `Bearer ${body.tokens.accessToken}` },
    tokens: body.tokens as { accessToken: string; refreshToken?: string },
    user: body.user,
  };
}

/** A tenant: a client, a recruiter managing it, a staff member of it, each signed in. */
export async function createTenant(
  app: FastifyInstance,
  staffProducts: NonNullable<Parameters<typeof createUser>[1]>['products'] = {
    wave: 'admin',
    harvest: 'admin',
    cultivate: 'admin',
    motivator: 'admin',
    harvestPlus: 'admin',
  },
) {
  const recruiter = await createUser(app, { role: 'recruiter' });
  const client = await createClient(app, { createdBy: recruiter.id });
  const staff = await createUser(app, { role: 'user', clientId: client.id, products: staffProducts });
  return { client, recruiter, staff, recruiterAuth: await signIn(app, recruiter.email), staffAuth: await signIn(app, staff.email) };
}

export async function countRows(app: FastifyInstance, table: string, where = 'true'): Promise<number> {
  const r = await app.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`));
  return (r.rows[0] as { n: number }).n;
}

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP listener on loopback; tests point SMTP_URL at it and read what arrives. */
export async function startSmtp() {
  const mails: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        for (const w of waiters.splice(0)) w();
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    mails,
    /** Waits until a mail to `to` arrives (the queue delivers within a second or two). */
    async waitFor(to: string, timeoutMs = 15000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const m = mails.find((x) => x.to.includes(to));
        if (m) return m;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 250);
        });
      }
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Decodes a quoted-printable mail body enough to find links and text in it. */
export function mailText(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
}

/**
 * Creates a job through POST /api/job/create (a Registered Nurse in 78701, full time, unless
 * `extra` says otherwise) and returns the reply; anything but 201 fails the calling test.
 */
export async function createJobViaApi(app: FastifyInstance, auth: Record<string, string>, clientId: string, extra: Record<string, unknown> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/job/create',
    headers: auth,
    payload: { clientId, title: 'Registered Nurse', zipCode: '78701', employmentType: 'FULL_TIME', ...extra },
  });
  if (res.statusCode !== 201) throw new Error(`POST /api/job/create answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

/** A Monday at 00:00 UTC, `weeksAhead` weeks on (1: the next Monday, one to seven days ahead): a week of slots every scheduling test can count on. */
export function nextMondayUtc(weeksAhead = 1): Date {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7 || 7) + 7 * (weeksAhead - 1));
  return d;
}
