import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTenant, mailText, setupTestApp, startSmtp, type TestApp } from '../../../test/helpers.ts';
import { depsOf } from '../../core/deps.ts';
import { ALERT_DIGEST_QUEUE, runAlerts } from './index.ts';

/** Saved-search alerts mail the recruiter a digest of new matching candidates, through the queue and SMTP. */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let A: Awaited<ReturnType<typeof createTenant>>;
let H: Record<string, string>;
const TO = 'alerts-rita@a.example';

const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: H, ...(payload ? { payload } : {}) });
const outboxTo = async (to: string) => (await t.app.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM outbox WHERE to_address = ${to}`)).rows[0].n;
const lastRun = async (id: string) =>
  (await t.app.db.execute<{ at: string }>(sql`SELECT last_run_at::text AS at FROM candidate_alerts WHERE id = ${id}`)).rows[0].at;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await setupTestApp({ SMTP_URL: smtp.url });
  A = await createTenant(t.app);
  H = A.recruiterAuth.headers;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

it('mails one digest of the new matches, nothing when nothing is new, and nothing for a paused alert', async () => {
  const created = await call('POST', '/api/candidates/alerts/create', {
    clientId: A.client.id,
    name: 'Telemetry nurses',
    searchQuery: 'telemetry',
    frequency: 'instant',
    email: TO,
  });
  expect(created.statusCode, created.body).toBe(201);
  expect(created.json().message).toBe('Alert created successfully.');
  const alertId = created.json()._id;

  // Nothing new: no mail, but the run is recorded.
  const before = await lastRun(alertId);
  await runAlerts(depsOf(t.app));
  expect(await outboxTo(TO)).toBe(0);
  expect(await lastRun(alertId)).not.toBe(before);

  const match = await call('POST', '/api/crm/candidates/create', {
    clientId: A.client.id,
    firstName: 'Tia',
    lastName: 'Match',
    email: 'tia@cand.example',
    skills: ['Telemetry'],
    address: { city: 'Austin' },
  });
  expect(match.statusCode, match.body).toBe(201);
  await call('POST', '/api/crm/candidates/create', {
    clientId: A.client.id,
    firstName: 'Otto',
    lastName: 'Other',
    email: 'otto@cand.example',
    skills: ['Welding'],
  });

  // Through the scheduled queue, as in production.
  await t.app.queue.send(ALERT_DIGEST_QUEUE, {});
  const mail = await smtp.waitFor(TO);
  const text = mailText(mail.raw);
  expect(text).toContain('1 new candidate match your alert "Telemetry nurses".');
  expect(text).toContain(`- Tia Match (tia@cand.example, Austin): ${t.app.config.publicUrl}/harvest/cultivate/candidates?candidate=${match.json()._id}`);
  expect(text).not.toContain('Otto');
  expect(await outboxTo(TO)).toBe(1);

  // The same candidates are not mailed twice; a second run with nothing new sends nothing.
  await runAlerts(depsOf(t.app));
  await runAlerts(depsOf(t.app));
  expect(await outboxTo(TO)).toBe(1);

  // Paused: no mail even with a new match.
  const paused = await call('PATCH', '/api/candidates/alerts/update', { clientId: A.client.id, _id: alertId, active: false });
  expect(paused.json().message).toBe('Alert updated successfully.');
  await call('POST', '/api/crm/candidates/create', {
    clientId: A.client.id,
    firstName: 'Tom',
    lastName: 'Later',
    email: 'tom@cand.example',
    skills: ['Telemetry'],
  });
  expect(await runAlerts(depsOf(t.app))).toEqual({ alerts: 0, mails: 0 });
  expect(await outboxTo(TO)).toBe(1);
  expect(smtp.mails.filter((m) => m.to.includes(TO))).toHaveLength(1);
});

it('waits a day between runs of a daily alert (the state is the row, so a restart changes nothing)', async () => {
  const created = await call('POST', '/api/candidates/alerts/create', {
    clientId: A.client.id,
    name: 'Daily',
    searchQuery: '',
    frequency: 'daily',
    email: 'daily@a.example',
  });
  const id = created.json()._id;
  await call('POST', '/api/crm/candidates/create', { clientId: A.client.id, firstName: 'Dee', lastName: 'Daily', email: 'dee@cand.example' });
  await runAlerts(depsOf(t.app));
  expect(await outboxTo('daily@a.example')).toBe(0);
  // A day later (as after any restart: only last_run_at decides).
  // Times computed here, not in SQL: Citus refuses `column - interval` (a STABLE operator) in an UPDATE.
  const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
  await t.app.db.execute(sql`UPDATE candidate_alerts SET last_run_at = ${ago(86_400_000)}::timestamptz WHERE client_id = ${A.client.id} AND id = ${id}`);
  await t.app.db.execute(
    sql`UPDATE candidates SET created_at = ${ago(3_600_000)}::timestamptz WHERE client_id = ${A.client.id} AND email = 'dee@cand.example'`,
  );
  await runAlerts(depsOf(t.app));
  expect(await outboxTo('daily@a.example')).toBe(1);
  const m = mailText((await smtp.waitFor('daily@a.example')).raw);
  expect(m).toContain('Dee Daily (dee@cand.example)');
});
