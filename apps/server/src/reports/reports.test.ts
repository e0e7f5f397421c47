import { messages } from '@hh/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, setupTestApp, type TestApp } from '../../test/helpers.ts';

/**
 * Each metric on fixed data whose answers are worked out by hand. Tenant A's time zone is
 * America/Chicago; the period 2026-03-01 to 2026-03-10 there runs from 2026-03-01T06:00Z (CST) to
 * 2026-03-11T05:00Z (CDT: clocks go forward on March 8), so rows near both ends fall in or out
 * depending on the zone.
 */
let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
let B: Awaited<ReturnType<typeof createTenant>>;
const ids: Record<string, string> = {};
const stage: Record<string, string> = {};

async function insert<T extends Record<string, unknown>>(q: ReturnType<typeof sql>): Promise<T> {
  return (await t.app.db.execute(q)).rows[0] as T;
}

beforeAll(async () => {
  t = await setupTestApp();
  A = await createTenant(t.app);
  B = await createTenant(t.app);
  const db = t.app.db;
  const cid = A.client.id;
  await db.execute(sql`UPDATE clients SET time_zone = 'America/Chicago' WHERE id = ${cid}`);
  const job = async (key: string, title: string, city: string) => {
    ids[key] = (
      await insert<{ id: string }>(sql`INSERT INTO jobs (client_id, title, city, reference_number, status)
      VALUES (${cid}, ${title}, ${city}, ${`REQ-${key}`}, 'open') RETURNING id`)
    ).id;
    for (const [i, [name, kind]] of [
      ['Applied', 'applied'],
      ['Phone screen', 'screening'],
      ['Interview', 'interview'],
      ['Offer', 'offer'],
      ['Hired', 'hired'],
    ].entries())
      stage[`${key}.${kind}`] = (
        await insert<{ id: string }>(sql`INSERT INTO job_stages (client_id, job_id, name, kind, position)
        VALUES (${cid}, ${ids[key]}, ${name}, ${kind}, ${i}) RETURNING id`)
      ).id;
  };
  await job('J1', 'ICU Registered Nurse', 'Austin');
  await job('J2', 'ICU Registered Nurse', 'Chicago');
  for (const c of ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c8', 'c9'])
    ids[c] = (
      await insert<{ id: string }>(sql`INSERT INTO candidates (client_id, first_name, last_name, email, source)
      VALUES (${cid}, ${c.toUpperCase()}, 'Test', ${`${c}-${cid}@test.example`}, 'careersite') RETURNING id`)
    ).id;
  // [key, candidate, job, source, created, stage kind now, outcome, stage entered]
  const apps: Array<[string, string, string, string, string, string, string, string?]> = [
    ['appE', 'c2', 'J2', 'careersite', '2026-02-20T12:00:00Z', 'applied', 'active'],
    ['app1', 'c1', 'J1', 'careersite', '2026-03-01T05:59:00Z', 'applied', 'active'], // Feb 28, 23:59 in Chicago
    ['app2', 'c2', 'J1', 'careersite', '2026-03-01T06:00:00Z', 'hired', 'active'], // Mar 1, 00:00 in Chicago
    ['app5', 'c4', 'J2', 'indeed', '2026-03-05T12:00:00Z', 'applied', 'active'],
    ['app6', 'c4', 'J1', 'careersite', '2026-03-10T23:00:00Z', 'screening', 'rejected'],
    ['app7', 'c5', 'J1', 'linkedin', '2026-03-11T03:00:00Z', 'interview', 'active'], // Mar 10, 22:00 in Chicago, Mar 11 in UTC
    ['app3', 'c3', 'J1', 'careersite', '2026-03-11T04:30:00Z', 'applied', 'active'], // Mar 10, 23:30 in Chicago
    ['app4', 'c6', 'J1', 'careersite', '2026-03-11T05:00:00Z', 'applied', 'active'], // Mar 11, 00:00 in Chicago
    ['app8', 'c8', 'J2', 'indeed', '2026-02-01T12:00:00Z', 'hired', 'active', '2026-03-03T12:00:00Z'], // placed in Hired before moves were recorded
    ['app9', 'c9', 'J2', 'indeed', '2026-02-01T04:59:00Z', 'hired', 'active'],
  ];
  for (const [key, c, j, source, at, kind, outcome, entered] of apps)
    ids[key] = (
      await insert<{ id: string }>(sql`INSERT INTO applications (client_id, candidate_id, job_id, source, created_at, stage_id, stage_entered_at, outcome)
      VALUES (${cid}, ${ids[c]}, ${ids[j]}, ${source}, ${at}, ${stage[`${j}.${kind}`]}, ${entered ?? at}, ${outcome}) RETURNING id`)
    ).id;
  // [application, job, from kind, to kind, at, outcome]
  const moves: Array<[string, string, string, string, string, string?]> = [
    ['app2', 'J1', 'applied', 'screening', '2026-03-02T06:00:00Z'],
    ['app2', 'J1', 'screening', 'interview', '2026-03-04T06:00:00Z'],
    ['app2', 'J1', 'interview', 'offer', '2026-03-06T06:00:00Z'],
    ['app2', 'J1', 'offer', 'hired', '2026-03-08T12:00:00Z'],
    ['app6', 'J1', 'applied', 'screening', '2026-03-11T01:00:00Z'],
    ['app6', 'J1', 'screening', 'screening', '2026-03-11T02:00:00Z', 'rejected'],
    ['app7', 'J1', 'applied', 'interview', '2026-03-11T04:00:00Z'],
    ['app9', 'J2', 'applied', 'hired', '2026-03-11T04:59:00Z'], // Mar 10, 23:59 in Chicago
  ];
  for (const [app, j, from, to, at, outcome] of moves)
    await db.execute(sql`INSERT INTO application_stage_events (client_id, application_id, job_id, from_stage_id, to_stage_id, outcome, at)
      VALUES (${cid}, ${ids[app]}, ${ids[j]}, ${stage[`${j}.${from}`]}, ${stage[`${j}.${to}`]}, ${outcome ?? 'active'}, ${at})`);
  const offer = (app: string, c: string, j: string, status: string, answered: string | null) =>
    db.execute(sql`INSERT INTO offers (client_id, application_id, candidate_id, job_id, body, salary, currency, start_date, manager_name, expires_at, status, answered_at)
      VALUES (${cid}, ${ids[app]}, ${ids[c]}, ${ids[j]}, 'Letter', 90000, 'USD', '2026-04-01', 'Pat Manager', '2026-04-01T00:00:00Z', ${status}, ${answered})`);
  await offer('app2', 'c2', 'J1', 'accepted', '2026-03-07T12:00:00Z');
  await offer('app6', 'c4', 'J1', 'declined', '2026-03-10T12:00:00Z');
  await offer('app3', 'c3', 'J1', 'sent', null);
  await offer('appE', 'c2', 'J2', 'accepted', '2026-02-20T18:00:00Z');
});
afterAll(async () => t.close());

const PERIOD = 'from=2026-03-01&to=2026-03-10';
async function get(path: string, headers = A.staffAuth.headers) {
  return t.app.inject({ method: 'GET', url: path, headers });
}
async function report(metric: string, extra = '') {
  const res = await get(`/api/reports/${metric}?clientId=${A.client.id}&${PERIOD}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const row = (r: { rows: Array<{ key: string; count: number }> }, key: string) => r.rows.find((x) => x.key === key);

describe('GET /api/reports/:metric', () => {
  it('applications: counted by the day they arrived in the client’s time zone, both ends of the period included', async () => {
    const r = await report('applications');
    expect(r).toMatchObject({ metric: 'applications', from: '2026-03-01', to: '2026-03-10', timeZone: 'America/Chicago', jobId: null, unit: 'applications' });
    expect(r.value).toBe(5); // app2, app5, app6, app7, app3
    expect(r.count).toBe(5);
    expect(r.rows).toHaveLength(10);
    expect(row(r, '2026-03-01')).toEqual({ key: '2026-03-01', label: '2026-03-01', count: 1, value: 1 });
    expect(row(r, '2026-03-05')?.count).toBe(1);
    expect(row(r, '2026-03-10')?.count).toBe(3);
  });

  it('applications: another time zone moves the edges (UTC: app1 in, app7 and app3 out)', async () => {
    const r = await report('applications', '&timeZone=UTC');
    expect(r.timeZone).toBe('UTC');
    expect(r.value).toBe(4); // app1, app2, app5, app6
    expect(row(r, '2026-03-01')?.count).toBe(2);
    expect(row(r, '2026-03-10')?.count).toBe(1);
  });

  it('applications and new applicants of one job', async () => {
    expect((await report('applications', `&jobId=${ids.J2}`)).value).toBe(1);
    expect((await report('new-applicants', `&jobId=${ids.J2}`)).value).toBe(1); // c4, whose first application was to J2
    expect((await report('new-applicants', `&jobId=${ids.J1}`)).value).toBe(2); // c3 and c5
  });

  it('new applicants: candidates whose first application arrived in the period, counted once', async () => {
    const r = await report('new-applicants');
    // c2 applied in February, c4 applied twice (counted on Mar 5), c1's first application is Feb 28 in Chicago.
    expect(r).toMatchObject({ unit: 'candidates', value: 3, count: 3 });
    expect(row(r, '2026-03-05')?.count).toBe(1);
    expect(row(r, '2026-03-10')?.count).toBe(2);
  });

  it('stage conversion of one job: reached each stage, moved on, conversion; a skipped stage is not counted', async () => {
    const r = await report('stage-conversion', `&jobId=${ids.J1}`);
    expect(r).toMatchObject({ value: 4, count: 4, jobId: ids.J1 });
    expect(r.rows).toEqual([
      { key: stage['J1.applied'], label: 'Applied', count: 4, movedOn: 3, value: 0.75 },
      { key: stage['J1.screening'], label: 'Phone screen', count: 2, movedOn: 1, value: 0.5 },
      { key: stage['J1.interview'], label: 'Interview', count: 2, movedOn: 1, value: 0.5 },
      { key: stage['J1.offer'], label: 'Offer', count: 1, movedOn: 1, value: 1 },
      { key: stage['J1.hired'], label: 'Hired', count: 1, movedOn: 0, value: 0 },
    ]);
  });

  it('stage conversion across jobs groups the stages by kind', async () => {
    const r = await report('stage-conversion');
    expect(r.value).toBe(5);
    expect(r.rows.map((x: { key: string; count: number }) => [x.key, x.count])).toEqual([
      ['applied', 5],
      ['screening', 2],
      ['interview', 2],
      ['offer', 1],
      ['hired', 1],
    ]);
  });

  it('time in stage: median days per stage over the stays that ended in the period', async () => {
    const r = await report('time-in-stage', `&jobId=${ids.J1}`);
    // Stays: Applied 1 d (app2), 2 h (app6), 1 h (app7); Screening 2 d; Interview 2 d; Offer 2.25 d. The rejection is no move.
    expect(r).toMatchObject({ unit: 'days', count: 6, value: 1.5 });
    expect(r.rows).toEqual([
      { key: stage['J1.applied'], label: 'Applied', count: 3, value: 0.1 },
      { key: stage['J1.screening'], label: 'Phone screen', count: 1, value: 2 },
      { key: stage['J1.interview'], label: 'Interview', count: 1, value: 2 },
      { key: stage['J1.offer'], label: 'Offer', count: 1, value: 2.3 },
      { key: stage['J1.hired'], label: 'Hired', count: 0, value: null },
    ]);
    // Across jobs, app9's 38 days in Applied (J2) join the kind's stays.
    const all = await report('time-in-stage');
    expect(row(all, 'applied')).toEqual({ key: 'applied', label: 'Applied', count: 4, value: 0.5 });
  });

  it('time to hire: median days from application to Hired, per job; a hire placed before moves were recorded counts from its stage time', async () => {
    const r = await report('time-to-hire');
    // app2 7.25 d (J1), app8 30 d and app9 38 d (J2).
    expect(r).toMatchObject({ unit: 'days', count: 3, value: 30 });
    expect(r.rows).toEqual([
      { key: ids.J2, label: 'ICU Registered Nurse – Chicago (REQ-J2)', count: 2, value: 34 },
      { key: ids.J1, label: 'ICU Registered Nurse – Austin (REQ-J1)', count: 1, value: 7.3 },
    ]);
    // In UTC app9's hire (23:59 on Mar 10 in Chicago) is on Mar 11: out.
    expect(await report('time-to-hire', '&timeZone=UTC')).toMatchObject({ count: 2, value: 18.6 });
  });

  it('source of hire: hires by the source of the application', async () => {
    const r = await report('source-of-hire');
    expect(r).toMatchObject({ value: 3, count: 3 });
    expect(r.rows).toEqual([
      { key: 'indeed', label: 'indeed', count: 2, value: 0.667 },
      { key: 'careersite', label: 'careersite', count: 1, value: 0.333 },
    ]);
  });

  it('offer acceptance: of the offers answered in the period, the share accepted', async () => {
    const r = await report('offer-acceptance');
    expect(r).toMatchObject({ unit: 'share', value: 0.5, count: 2 });
    expect(r.rows).toEqual([
      { key: 'accepted', label: 'Accepted', count: 1, value: 0.5 },
      { key: 'declined', label: 'Declined', count: 1, value: 0.5 },
    ]);
  });

  it('an empty period answers zeros, not errors', async () => {
    const r = await report('time-to-hire', '&timeZone=UTC&jobId=' + ids.J1).then(() =>
      get(`/api/reports/time-to-hire?clientId=${A.client.id}&from=2025-01-01&to=2025-01-31`),
    );
    expect(r.json()).toMatchObject({ value: null, count: 0, rows: [] });
  });

  it('defaults to the last 30 days up to today in the client’s time zone', async () => {
    const res = await get(`/api/reports/applications?clientId=${A.client.id}`);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
    expect(res.json()).toMatchObject({ to: today, timeZone: 'America/Chicago' });
    expect(res.json().rows).toHaveLength(30);
  });

  it('exports CSV with the period and time zone on every row', async () => {
    const res = await get(`/api/reports/stage-conversion?clientId=${A.client.id}&${PERIOD}&jobId=${ids.J1}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="stage-conversion-2026-03-01-to-2026-03-10.csv"');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Report,From,To,Time zone,Key,Label,Applications,Value (applications),Moved on');
    expect(lines[1]).toBe('stage-conversion,2026-03-01,2026-03-10,America/Chicago,total,Total,4,4,');
    expect(lines[2]).toBe(`stage-conversion,2026-03-01,2026-03-10,America/Chicago,${stage['J1.applied']},Applied,4,0.75,3`);
    expect(lines).toHaveLength(7);
  });

  it('refuses bad input with a message naming the problem', async () => {
    const bad = async (q: string, key: string, msg: string, path = 'applications') => {
      const res = await get(`/api/reports/${path}?clientId=${A.client.id}&${q}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errorMsg[key]).toEqual([msg]);
    };
    await bad('from=2026-03-10&to=2026-03-01', 'period', messages.reports.badPeriod);
    await bad('from=2023-01-01&to=2026-03-01', 'period', messages.reports.badPeriod);
    await bad('from=2026-13-01', 'from', messages.reports.badDate);
    await bad('timeZone=Mars/Olympus', 'timeZone', messages.reports.unknownTimeZone);
    await bad('', 'metric', messages.reports.unknownMetric, 'happiness');
    await bad(`${PERIOD}&key=2026-04-01`, 'key', messages.reports.badKey, 'applications/applications');
    await bad(`${PERIOD}&key=yesterday`, 'key', messages.reports.badKey, 'new-applicants/applications');
  });

  it('another client’s job, and another tenant’s client, look missing', async () => {
    const other = await insert<{ id: string }>(
      sql`INSERT INTO jobs (client_id, title, reference_number, status) VALUES (${B.client.id}, 'B job', 'B-1', 'open') RETURNING id`,
    );
    const res = await get(`/api/reports/applications?clientId=${A.client.id}&jobId=${other.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errorMsg: { job: [messages.reports.jobNotFound] } });
    expect((await get(`/api/reports/applications?clientId=${A.client.id}`, B.staffAuth.headers)).statusCode).toBe(404);
    expect((await get(`/api/reports/applications/applications?clientId=${A.client.id}`, B.recruiterAuth.headers)).statusCode).toBe(404);
  });
});

describe('GET /api/reports/:metric/applications', () => {
  const list = async (metric: string, extra = '') => {
    const res = await get(`/api/reports/${metric}/applications?clientId=${A.client.id}&${PERIOD}${extra}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      totalCount: number;
      results: Array<{ _id: string; days: number | null; candidateName: string; jobTitle: string; stage: string | null }>;
    };
  };
  const idsOf = (r: { results: Array<{ _id: string }> }) => r.results.map((x) => x._id).sort();
  const expected = (...keys: string[]) => keys.map((k) => ids[k]).sort();

  it('lists the applications behind a day, a stage and its moved-on part, a job and a source', async () => {
    expect(idsOf(await list('applications', '&key=2026-03-10'))).toEqual(expected('app6', 'app7', 'app3'));
    const all = await list('applications');
    expect(all.totalCount).toBe(5);
    expect(all.results[0]).toMatchObject({
      _id: ids.app3,
      candidateName: 'C3 Test',
      jobTitle: 'ICU Registered Nurse – Austin (REQ-J1)',
      stage: 'Applied',
      days: null,
    });
    expect(idsOf(await list('stage-conversion', `&jobId=${ids.J1}&key=${stage['J1.screening']}`))).toEqual(expected('app2', 'app6'));
    expect(idsOf(await list('stage-conversion', `&jobId=${ids.J1}&key=${stage['J1.screening']}&part=movedOn`))).toEqual(expected('app2'));
    expect(idsOf(await list('time-to-hire', `&key=${ids.J2}`))).toEqual(expected('app8', 'app9'));
    expect(idsOf(await list('source-of-hire', '&key=indeed'))).toEqual(expected('app8', 'app9'));
    expect(idsOf(await list('offer-acceptance', '&key=declined'))).toEqual(expected('app6'));
    expect(idsOf(await list('new-applicants'))).toEqual(expected('app5', 'app7', 'app3'));
  });

  it('gives the days a time figure measured, and pages', async () => {
    const hires = await list('time-to-hire', `&key=${ids.J1}`);
    expect(hires.results).toMatchObject([{ _id: ids.app2, days: 7.3 }]);
    const page2 = await list('applications', '&pageSize=2&page=2');
    expect(page2.totalCount).toBe(5);
    expect(page2.results).toHaveLength(2);
    const past = await list('applications', '&pageSize=2&page=9');
    expect(past).toMatchObject({ totalCount: 5, results: [] });
  });

  it('exports the applications as CSV, a formula-looking name made harmless', async () => {
    await t.app.db.execute(sql`UPDATE candidates SET first_name = '=HYPERLINK("x")' WHERE client_id = ${A.client.id} AND id = ${ids.c5}`);
    const res = await get(`/api/reports/applications/applications?clientId=${A.client.id}&${PERIOD}&key=2026-03-10&format=csv`);
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Candidate,Job,Source,Stage,Outcome,Applied (America/Chicago),Days');
    expect(lines).toContain(`"'=HYPERLINK(""x"") Test",ICU Registered Nurse – Austin (REQ-J1),linkedin,Interview,active,2026-03-10 22:00,`);
    expect(lines).toHaveLength(4);
  });
});

describe('one definition everywhere', () => {
  it('Home, the dashboard, candidate growth and the report count the same applications for the same days', async () => {
    // UTC+14 all year: the client's days differ from UTC's by most of a day.
    const C = await createTenant(t.app);
    const tz = 'Pacific/Kiritimati';
    await t.app.db.execute(sql`UPDATE clients SET time_zone = ${tz} WHERE id = ${C.client.id}`);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date());
    const first = new Date(Date.parse(today) - 29 * 86_400_000).toISOString().slice(0, 10);
    const start = new Date(`${first}T00:00:00+14:00`);
    const j = await insert<{ id: string }>(
      sql`INSERT INTO jobs (client_id, title, reference_number, status) VALUES (${C.client.id}, 'Nurse', 'C-1', 'open') RETURNING id`,
    );
    const arrivals: Array<[Date, string]> = [
      [new Date(start.getTime() - 60_000), 'careersite'], // the day before the period, there
      [start, 'indeed'], // the period's first minute, there
      [new Date(Date.now() - 3_600_000), 'import'],
    ];
    for (const [i, [at, source]] of arrivals.entries()) {
      const c = await insert<{ id: string }>(
        sql`INSERT INTO candidates (client_id, email) VALUES (${C.client.id}, ${`c${i}-${C.client.id}@test.example`}) RETURNING id`,
      );
      await t.app.db.execute(sql`INSERT INTO applications (client_id, candidate_id, job_id, source, created_at)
        VALUES (${C.client.id}, ${c.id}, ${j.id}, ${source}, ${at.toISOString()})`);
    }
    // A career-site event alone is not an application (the dashboard used to count these instead).
    await t.app.db.execute(sql`INSERT INTO site_events (client_id, type) VALUES (${C.client.id}, 'application')`);
    const h = C.staffAuth.headers;
    const report = (await get(`/api/reports/applications?clientId=${C.client.id}`, h)).json();
    expect(report).toMatchObject({ from: first, to: today, timeZone: tz, value: 2 });
    const dash = await t.app.inject({ method: 'POST', url: '/api/analytics', headers: h, payload: { clientId: C.client.id, days: 30 } });
    expect(dash.json().totals.applications).toBe(2);
    expect(dash.json().days[0].date).toBe(first);
    const growth = await get(`/api/respondent-metrics?clientId=${C.client.id}&from=${first}&to=${today}`, h);
    expect(growth.json().applications).toBe(2);
    const home = await get(`/api/home/work-queue?clientId=${C.client.id}&since=${encodeURIComponent(start.toISOString())}`, h);
    expect(home.json().newApplicants).toBe(2);
  });
});
