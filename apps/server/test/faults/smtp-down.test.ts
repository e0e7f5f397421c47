import path from 'node:path';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { hashPassword } from '../../src/auth/passwords.ts';
import { createPool } from '../../src/db/client.ts';
import { type Postgres, reportFigures, removeDir, type Server, smtpListener, startPostgres, startServer, tempDir, waitUntil } from './support.ts';

/**
 * SMTP down for ten minutes: mail waits in the outbox, each failed try recorded, and goes out once
 * the SMTP server is back, each mail exactly once. Ten minutes are not slept: the retry interval
 * is set to three seconds (MAIL_RETRY_SECONDS), so the outage spans several tries, and the queued
 * retry policy is checked to cover more than ten minutes with the default interval.
 */
const dir = tempDir('hh-fault-smtp-');
let pg: Postgres | undefined;
let server: Server | undefined;
let smtp: Awaited<ReturnType<typeof smtpListener>> | undefined;
afterAll(async () => {
  await server?.stop();
  await pg?.close();
  await smtp?.down();
  removeDir(dir);
});

const MAILS = 5;

describe('SMTP down', () => {
  it('keeps mail in the outbox while the SMTP server is down and sends each mail once when it is back', async () => {
    onTestFailed(() => {
      process.stdout.write(`server output:\n${server?.output().slice(-6000)}\n`);
    });
    pg = await startPostgres(dir, { fast: true });
    smtp = await smtpListener();
    server = await startServer({ DATABASE_URL: pg.url, DATA_DIR: path.join(dir, 'data'), SMTP_URL: smtp.url, MAIL_RETRY_SECONDS: '3' });
    const db = createPool(pg.url, 1);
    try {
      const emails = Array.from({ length: MAILS }, (_, i) => `person-${i}@smtp-down.example`);
      const hash = await hashPassword('not-used-here-1');
      for (const e of emails)
        await db.query(
          `INSERT INTO users (email, password_hash, first_name, last_name, user_type_global, status) VALUES ($1, $2, 'P', 'Q', 'admin', 'Active')`,
          [e, hash],
        );

      await smtp.down();
      const downSince = Date.now();
      for (const email of emails) {
        const r = await fetch(`${server.base}/api/password-reset`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email }),
        });
        expect(r.status).toBe(200);
      }
      // While it is down: every mail is in the outbox, unsent, tried and tried again, the refusal recorded.
      // (One mail worker takes a job each half second, oldest first: three seconds between tries leave
      // room for all five.)
      type Row = { to_address: string; attempts: number; sent_at: Date | null; last_error: string | null };
      const outbox = async () =>
        (await db.query<Row>('SELECT to_address, attempts, sent_at, last_error FROM outbox WHERE to_address = ANY($1)', [emails])).rows;
      let last: Row[] = [];
      onTestFailed(() => {
        process.stdout.write(`outbox: ${JSON.stringify(last)}\n`);
      });
      const waiting = await waitUntil(
        'two failed tries of every mail',
        async () => {
          const rows = await outbox();
          last = rows;
          return rows.length === MAILS && rows.every((r) => r.attempts >= 2) ? rows : undefined;
        },
        60_000,
        250,
      );
      for (const r of waiting) {
        expect(r.sent_at).toBeNull();
        expect(r.last_error).toMatch(/ECONNREFUSED|connect/i);
      }
      expect(smtp.mails.length).toBe(0);
      // Each mail's queued job will keep trying: with the default interval (60 s) its tries cover a day,
      // here (3 s) as well; either way far more than ten minutes of outage.
      const jobs = (
        await db.query<{ state: string; retry_limit: number; retry_delay: number }>(
          `SELECT state, retry_limit, retry_delay FROM pgboss.job WHERE name = 'mail-deliver' AND data->>'id' IN (SELECT id::text FROM outbox WHERE to_address = ANY($1))`,
          [emails],
        )
      ).rows;
      expect(jobs).toHaveLength(MAILS);
      for (const j of jobs) {
        expect(['retry', 'active', 'created']).toContain(j.state);
        expect(j.retry_limit * j.retry_delay).toBeGreaterThanOrEqual(600);
      }
      const failedTries = waiting.reduce((n, r) => n + r.attempts, 0);

      await smtp.up();
      const downMs = Date.now() - downSince;
      await waitUntil('every mail delivered', async () => emails.every((e) => smtp?.to(e).length === 1), 60_000, 250);
      // A few more retry intervals: nothing is sent twice.
      await new Promise((r) => setTimeout(r, 3000));
      const perRecipient = emails.map((e) => smtp?.to(e).length ?? 0);
      expect(perRecipient).toEqual(emails.map(() => 1));
      const sent = await outbox();
      expect(sent.every((r) => r.sent_at !== null && r.last_error === null)).toBe(true);
      const done = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail-deliver' AND state = 'completed'`)).rows[0].n;
      expect(done).toBeGreaterThanOrEqual(MAILS);

      reportFigures('SMTP down', {
        mails: MAILS,
        'down ms': downMs,
        'failed tries while down': failedTries,
        'delivered once back': perRecipient.filter((n) => n === 1).length,
        'sent twice': perRecipient.filter((n) => n > 1).length,
        'faults survived': 1,
        'mails lost': MAILS - perRecipient.filter((n) => n >= 1).length,
      });
    } finally {
      await db.end();
    }
  });
});
