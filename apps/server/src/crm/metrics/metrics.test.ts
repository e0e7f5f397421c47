import { messages } from '@hh/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, setupTestApp, type TestApp } from '../../../test/helpers.ts';

// The numbers of GET api/respondent-metrics on a known data set (the growth and alert metrics screens).
let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
let B: Awaited<ReturnType<typeof createTenant>>;
let H: Record<string, string>;
const ids: Record<string, string> = {};
const m = messages.recruiting;
const PERIOD = 'from=2026-03-01&to=2026-03-10';

const get = (url: string, headers = H) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: H, payload });

async function candidate(clientId: string, key: string, at: string, source: string, status: string, resume: string, mergedInto: string | null = null) {
  const r = await t.app.db.execute<{ id: string }>(sql`
    INSERT INTO candidates (client_id, first_name, last_name, email, source, status, resume_text, created_at, updated_at, merged_into)
    VALUES (${clientId}, ${key}, 'Test', ${`${key}-${clientId.slice(0, 8)}@metrics.example`}, ${source}, ${status}, ${resume}, ${at}, ${at}, ${mergedInto})
    RETURNING id`);
  ids[key] = r.rows[0].id;
  return ids[key];
}
async function application(clientId: string, jobId: string, key: string, at: string, source = 'careersite') {
  await t.app.db.execute(
    sql`INSERT INTO applications (client_id, candidate_id, job_id, source, created_at) VALUES (${clientId}, ${ids[key]}, ${jobId}, ${source}, ${at})`,
  );
}
async function event(key: string, type: string, at: string, actor: string | null) {
  await t.app.db.execute(
    sql`INSERT INTO candidate_events (client_id, candidate_id, actor_id, type, created_at) VALUES (${A.client.id}, ${ids[key]}, ${actor}, ${type}, ${at})`,
  );
}

beforeAll(async () => {
  t = await setupTestApp();
  A = await createTenant(t.app);
  B = await createTenant(t.app);
  H = A.recruiterAuth.headers;
  const job = async (tenant: typeof A) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/job/create',
        headers: tenant.staffAuth.headers,
        payload: { clientId: tenant.client.id, title: 'ICU Nurse', zipCode: '78701' },
      })
    ).json()._id as string;
  const jobA = await job(A);
  const jobB = await job(B);
  const a = A.client.id;
  // In the period (2026-03-01 … 2026-03-10): four live candidates, one merged away.
  await candidate(a, 'c1', '2026-03-02T10:00:00Z', 'careersite', 'New', 'Registered nurse, ICU, night shift');
  await candidate(a, 'c2', '2026-03-02T12:00:00Z', 'indeed', 'Screening', 'Registered nurse with telemetry experience');
  await candidate(a, 'c3', '2026-03-03T09:00:00Z', 'indeed', 'Interview', 'Truck driver, CDL class A');
  await candidate(a, 'c4', '2026-03-05T08:00:00Z', 'referral', 'Archived', 'ICU nurse, travel assignments');
  await candidate(a, 'c6', '2026-03-04T08:00:00Z', 'indeed', 'New', 'ICU nurse (duplicate)', ids.c1);
  // Before the period, and another tenant's candidate in it.
  await candidate(a, 'c5', '2026-02-20T10:00:00Z', 'careersite', 'Hired', 'Pharmacist');
  await candidate(B.client.id, 'b1', '2026-03-02T10:00:00Z', 'indeed', 'New', 'ICU nurse at another client');
  for (const [key, at, source] of [
    ['c1', '2026-03-02T10:00:00Z', 'careersite'],
    ['c2', '2026-03-02T12:00:00Z', 'indeed'],
    ['c3', '2026-03-03T09:00:00Z', 'indeed'],
    ['c4', '2026-03-05T08:00:00Z', 'referral'],
    ['c5', '2026-02-20T10:00:00Z', 'careersite'],
  ])
    await application(a, jobA, key, at, source);
  await application(B.client.id, jobB, 'b1', '2026-03-02T10:00:00Z');
  const who = A.recruiter.id;
  // First responses: c1 after 2 h (the view at 1 h does not count), c2 after 10 h (the system's
  // "applied" entry does not count), c3 after 30 h; c4 is still waiting; c5 is outside the period.
  await event('c1', 'viewed', '2026-03-02T11:00:00Z', who);
  await event('c1', 'status', '2026-03-02T12:00:00Z', who);
  await event('c1', 'note', '2026-03-03T12:00:00Z', who);
  await event('c2', 'applied', '2026-03-02T12:00:00Z', null);
  await event('c2', 'note', '2026-03-02T22:00:00Z', who);
  await event('c3', 'tags', '2026-03-04T15:00:00Z', who);
  await event('c5', 'status', '2026-02-20T11:00:00Z', who);
  // Alerts: two active saved searches, one paused, one whose zip code is unknown, one about a candidate.
  const alert = async (name: string, searchQuery: string, filters: object, active = true, candidateId?: string) => {
    const r = await post('/api/candidates/alerts/create', { clientId: a, name, searchQuery, filters, active, ...(candidateId ? { candidateId } : {}) });
    expect(r.statusCode, r.body).toBe(201);
    return r.json()._id as string;
  };
  ids.icu = await alert('ICU nurses', 'icu', {});
  ids.indeed = await alert('Nurses from Indeed', 'nurse', { source: ['indeed'] });
  ids.drivers = await alert('Drivers', 'driver', {}, false);
  ids.nowhere = await alert('Nowhere', '', { zipCode: '00000', radius: 10 }, false);
  await alert('About c1', '', {}, true, ids.c1);
});
afterAll(async () => {
  await t?.close();
});

describe('GET api/respondent-metrics', () => {
  it('counts the period’s candidates, sources and days for this client only', async () => {
    const r = await get(`/api/respondent-metrics?clientId=${A.client.id}&${PERIOD}`);
    expect(r.statusCode, r.body).toBe(200);
    const b = r.json();
    expect(b).toMatchObject({ from: '2026-03-01', to: '2026-03-10', total: 5, newInPeriod: 4, applications: 4 });
    expect(b.bySource).toEqual([
      { value: 'indeed', count: 2 },
      { value: 'careersite', count: 1 },
      { value: 'referral', count: 1 },
    ]);
    expect(b.perDay).toEqual([
      { date: '2026-03-02', source: 'careersite', count: 1 },
      { date: '2026-03-02', source: 'indeed', count: 1 },
      { date: '2026-03-03', source: 'indeed', count: 1 },
      { date: '2026-03-05', source: 'referral', count: 1 },
    ]);
  });

  it('gives the funnel in the client’s pipeline order, statuses outside it last', async () => {
    const url = `/api/respondent-metrics?clientId=${A.client.id}&${PERIOD}`;
    expect((await get(url)).json().funnel).toEqual([
      { status: 'New', count: 1, inPipeline: true },
      { status: 'Screening', count: 1, inPipeline: true },
      { status: 'Interview', count: 1, inPipeline: true },
      { status: 'Offer', count: 0, inPipeline: true },
      { status: 'Hired', count: 0, inPipeline: true },
      { status: 'Rejected', count: 0, inPipeline: true },
      { status: 'Archived', count: 1, inPipeline: false },
    ]);
    const order = ['Interview', 'New', 'Screening', 'Offer', 'Hired', 'Rejected'];
    // The client's own order (the pipeline screen refuses to drop "Archived" while candidates have it, so it is written here).
    const setOrder = (statuses: string[]) =>
      t.app.db.execute(sql`INSERT INTO crm_settings (client_id, statuses) VALUES (${A.client.id}, ${`{${statuses.join(',')}}`}::text[])
                           ON CONFLICT (client_id) DO UPDATE SET statuses = EXCLUDED.statuses`);
    await setOrder(order);
    expect((await get(url)).json().funnel.map((f: { status: string }) => f.status)).toEqual([...order, 'Archived']);
    await t.app.db.execute(sql`DELETE FROM crm_settings WHERE client_id = ${A.client.id}`);
  });

  it('measures time to first response from the application to the first recruiter action', async () => {
    const b = (await get(`/api/respondent-metrics?clientId=${A.client.id}&${PERIOD}`)).json();
    // 2 h, 10 h and 30 h: median 10, p90 by linear interpolation 10 + 0.8 × 20 = 26.
    expect(b.firstResponse).toEqual({ medianHours: 10, p90Hours: 26, responded: 3, waiting: 1 });
    expect(b.medianHoursToFirstResponse).toBe(10);
  });

  it('shows each saved-search alert with the candidates it matched, and the matches per day of the active ones', async () => {
    const b = (await get(`/api/respondent-metrics?clientId=${A.client.id}&${PERIOD}`)).json();
    const byName = Object.fromEntries(b.alerts.map((x: { name: string }) => [x.name, x]));
    expect(Object.keys(byName).sort()).toEqual(['Drivers', 'ICU nurses', 'Nowhere', 'Nurses from Indeed']);
    expect(byName['ICU nurses']).toEqual({ _id: ids.icu, name: 'ICU nurses', active: true, frequency: 'daily', matched: 2 });
    expect(byName['Nurses from Indeed'].matched).toBe(1);
    expect(byName.Drivers).toMatchObject({ active: false, matched: 1 });
    expect(byName.Nowhere.matched).toBeNull();
    // c1 (ICU) and c2 (Indeed nurse) on the 2nd, c4 (ICU) on the 5th; the paused driver alert adds nothing.
    expect(b.alertMatchesPerDay).toEqual([
      { date: '2026-03-02', count: 2 },
      { date: '2026-03-05', count: 1 },
    ]);
  });

  it('defaults to the last 30 days and refuses a reversed or too long period with the spec message', async () => {
    const d = (await get(`/api/respondent-metrics?clientId=${A.client.id}`)).json();
    const today = new Date().toISOString().slice(0, 10);
    expect(d.to).toBe(today);
    expect((Date.parse(d.to) - Date.parse(d.from)) / 86_400_000).toBe(29);
    const long = await get(`/api/respondent-metrics?clientId=${A.client.id}&from=2020-01-01&to=2026-01-01`);
    expect(long.statusCode).toBe(400);
    expect(long.json().errorMsg.respondentMetrics).toEqual([m.respondentMetricsError]);
    const reversed = await get(`/api/respondent-metrics?clientId=${A.client.id}&from=2026-03-10&to=2026-03-01`);
    expect(reversed.statusCode).toBe(400);
  });

  it('refuses another tenant, and an empty client has zeros, an empty funnel and no response time', async () => {
    const other = await get(`/api/respondent-metrics?clientId=${A.client.id}&${PERIOD}`, B.recruiterAuth.headers);
    expect([403, 404]).toContain(other.statusCode);
    const c = await createTenant(t.app);
    const e = (await get(`/api/respondent-metrics?clientId=${c.client.id}&${PERIOD}`, c.recruiterAuth.headers)).json();
    expect(e).toMatchObject({ total: 0, newInPeriod: 0, applications: 0, perDay: [], alerts: [], alertMatchesPerDay: [] });
    expect(e.funnel.every((f: { count: number }) => f.count === 0)).toBe(true);
    expect(e.firstResponse).toEqual({ medianHours: null, p90Hours: null, responded: 0, waiting: 0 });
  });
});
