import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createTenant, mailText, startSmtp } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createDb, createPool } from '../../db/client.ts';

/** A follow-up reminder is a pg-boss job in PostgreSQL: it is still sent after the app restarts. */
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const dbName = `t_${randomBytes(6).toString('hex')}`;
const adminUrl = inject('adminUrl');
const url = adminUrl.replace(/\/[^/]*$/, `/${dbName}`);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hh-restart-'));
const secret = randomBytes(32).toString('hex');

async function boot() {
  const config = loadConfig({}, { NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: secret, LOG_LEVEL: 'silent', SEED_DEMO: 'false', SMTP_URL: smtp.url });
  const pool = createPool(url, 5);
  const app = await buildApp({ config, db: createDb(pool), pool, databaseUrl: url, logger: false });
  await app.ready();
  return {
    app,
    stop: async () => {
      await app.close();
      await pool.end();
    },
  };
}

beforeAll(async () => {
  smtp = await startSmtp();
  const admin = createPool(adminUrl, 1);
  await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${inject('templateDb')}`);
  await admin.end();
});
afterAll(async () => {
  await smtp?.close();
  const admin = createPool(adminUrl, 1);
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
});

it('sends a reminder scheduled before a restart once its date comes', async () => {
  const first = await boot();
  const A = await createTenant(first.app);
  const c = await first.app.inject({
    method: 'POST',
    url: '/api/crm/candidates/create',
    headers: A.recruiterAuth.headers,
    payload: { clientId: A.client.id, firstName: 'Rey', lastName: 'Start', email: 'rey@cand.example' },
  });
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const r = await first.app.inject({
    method: 'POST',
    url: '/api/candidates/follow-up',
    headers: A.recruiterAuth.headers,
    payload: { clientId: A.client.id, candidateId: c.json()._id, reminderDate: tomorrow },
  });
  expect(r.statusCode, r.body).toBe(201);
  await first.stop();

  // The job waits in PostgreSQL for 08:00 UTC tomorrow; let that time come, then start again.
  const pool = createPool(url, 1);
  const job = await pool.query(`SELECT start_after > now() AS later FROM pgboss.job WHERE name = 'crm-follow-up'`);
  expect(job.rows).toEqual([{ later: true }]);
  await pool.query(`UPDATE pgboss.job SET start_after = now() WHERE name = 'crm-follow-up'`);
  await pool.query(`UPDATE candidate_follow_ups SET reminder_date = current_date`);
  await pool.end();

  const second = await boot();
  try {
    const mail = mailText((await smtp.waitFor(A.recruiter.email, 30_000)).raw);
    expect(mail).toContain('follow up with Rey Start');
    const sent = await second.app.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM candidate_follow_ups WHERE sent_at IS NOT NULL`);
    expect(sent.rows[0].n).toBe(1);
  } finally {
    await second.stop();
  }
});
