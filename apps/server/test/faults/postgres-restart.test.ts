import { messages } from '@hh/contract/messages';
import path from 'node:path';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { createPool } from '../../src/db/client.ts';
import {
  createJob,
  createTenant,
  type Postgres,
  reportFigures,
  type Server,
  smtpListener,
  startPostgres,
  startServer,
  tempDir,
  removeDir,
  waitUntil,
} from './support.ts';

/**
 * PostgreSQL restarted under load: while requests run, PostgreSQL is stopped (a fast shutdown, as
 * a restart does) and started again. Requests in flight and arriving meanwhile are answered 503 with
 * Retry-After at once (never a hang, never a 500), the pool reconnects by itself, the queue's
 * worker carries on, and every write that was acknowledged is in the database.
 */
const dir = tempDir('hh-fault-pg-');
let pg: Postgres | undefined;
let server: Server | undefined;
let smtp: Awaited<ReturnType<typeof smtpListener>> | undefined;
afterAll(async () => {
  await server?.stop();
  await pg?.close();
  await smtp?.down();
  removeDir(dir);
});

interface Answer {
  status: number;
  ms: number;
  retryAfter: string | null;
  body: unknown;
  id?: string;
  phase: 'before' | 'down' | 'after';
}

describe('PostgreSQL restarted under load', () => {
  it('answers 503 with Retry-After while it is down, reconnects, resumes the queue and loses no acknowledged write', async () => {
    onTestFailed(() => {
      process.stdout.write(`server output:\n${server?.output().slice(-6000)}\n`);
    });
    pg = await startPostgres(dir);
    smtp = await smtpListener();
    server = await startServer({
      DATABASE_URL: pg.url,
      DATA_DIR: path.join(dir, 'data'),
      SMTP_URL: smtp.url,
      DB_CONNECT_TIMEOUT_MS: '2000',
      MAIL_RETRY_SECONDS: '1',
    });
    const base = server.base;
    const tenant = await createTenant(pg.url, base);
    const email = tenant.email;
    const resetMail = () =>
      fetch(`${base}/api/password-reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });

    // The queue works before the fault: a password reset mail goes out.
    expect((await resetMail()).status).toBe(200);
    await waitUntil('the first reset mail', async () => smtp?.to(email).length === 1, 30_000);

    const answers: Answer[] = [];
    let phase: Answer['phase'] = 'before';
    let running = true;
    let n = 0;
    const worker = async () => {
      while (running) {
        const started = Date.now();
        const at = phase;
        const res = await fetch(`${base}/api/job/create`, {
          method: 'POST',
          headers: { ...tenant.auth, 'content-type': 'application/json' },
          body: JSON.stringify({ clientId: tenant.clientId, title: `Load ${++n}`, zipCode: '78701', employmentType: 'FULL_TIME' }),
          signal: AbortSignal.timeout(60_000),
        }).catch((err: Error) => err);
        if (res instanceof Error) {
          answers.push({ status: 0, ms: Date.now() - started, retryAfter: null, body: String(res.cause ?? res.message), phase: at });
          await new Promise((r) => setTimeout(r, 100));
          continue;
        }
        const body = (await res.json().catch(() => null)) as { _id?: string } | null;
        answers.push({ status: res.status, ms: Date.now() - started, retryAfter: res.headers.get('retry-after'), body, id: body?._id, phase: at });
        if (res.status === 503) await new Promise((r) => setTimeout(r, 100)); // a client backing off a little
      }
    };
    const load = Array.from({ length: 6 }, worker);

    await waitUntil('writes before the fault', async () => answers.filter((a) => a.status === 201).length >= 20, 30_000, 50);
    phase = 'down';
    await pg.stop();
    const downSince = Date.now();
    // Down for at least three seconds, and long enough that requests were answered meanwhile.
    await waitUntil('503 answers while down', async () => answers.filter((a) => a.status === 503).length >= 10 && Date.now() - downSince > 3000, 30_000, 50);
    const health = await fetch(`${base}/health`);
    expect(health.status).toBe(503);
    await pg.start();
    const downMs = Date.now() - downSince;
    phase = 'after';
    const back = Date.now();
    await waitUntil('a write after the restart', async () => answers.some((a) => a.phase === 'after' && a.status === 201), 30_000, 50);
    const reconnectMs = Date.now() - back;
    await new Promise((r) => setTimeout(r, 1500));
    running = false;
    await Promise.all(load);

    // Every answer is a success or a clean 503 with Retry-After and the catalogue's text; none hung.
    const others = answers.filter((a) => a.status !== 201 && a.status !== 503);
    expect(others.map((a) => `${a.status} ${JSON.stringify(a.body)}`)).toEqual([]);
    const held = answers.filter((a) => a.status === 503);
    expect(held.length).toBeGreaterThan(0);
    for (const a of held) {
      expect(a.retryAfter).toBe('5');
      expect(a.body).toEqual({ errorMsg: { server: [messages.server.unavailable] } });
    }
    const longest = Math.max(...answers.map((a) => a.ms));
    expect(longest).toBeLessThan(15_000);
    // The pool reconnected: writes succeed after the restart, and /health is up again.
    expect(answers.filter((a) => a.phase === 'after' && a.status === 201).length).toBeGreaterThan(0);
    expect(await (await fetch(`${base}/health`)).json()).toEqual({ status: 'ok', database: 'up' });

    // No acknowledged write lost: every 201's job is a row.
    const acknowledged = answers.filter((a) => a.status === 201).map((a) => a.id as string);
    const check = createPool(pg.url, 1);
    const rows = await check.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs WHERE client_id = $1 AND id = ANY($2::uuid[])', [
      tenant.clientId,
      acknowledged,
    ]);
    await check.end();
    const lost = acknowledged.length - rows.rows[0].n;
    expect(lost).toBe(0);

    // The queue's worker resumed: a mail asked for after the restart goes out, and the first went out once.
    const again = await waitUntil('a reset request after the restart', async () => ((await resetMail()).status === 200 ? true : undefined), 30_000, 500);
    expect(again).toBe(true);
    await waitUntil('the reset mail after the restart', async () => smtp?.to(email).length === 2, 60_000);
    expect(smtp.to(email).length).toBe(2);
    // A job created after the restart is served (the app's caches and listeners are back too).
    await createJob(base, tenant.auth, tenant.clientId, 'After the restart');

    reportFigures('PostgreSQL restarted under load', {
      requests: answers.length,
      'answered 2xx': acknowledged.length,
      'held (503 + Retry-After)': held.length,
      'longest answer ms': longest,
      'database down ms': downMs,
      'reconnected after ms': reconnectMs,
      'faults survived': 1,
      'writes lost': lost,
    });
  });
});
