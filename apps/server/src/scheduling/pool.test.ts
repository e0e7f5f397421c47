import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobViaApi, createTenant, createUser, nextMondayUtc, setupTestApp, type TestApp } from '../../test/helpers.ts';
import { depsOf } from '../core/deps.ts';
import { calendarWorkingHours } from '../db/schema/calendars.ts';
import { applications, candidates } from '../db/schema/candidates.ts';
import { bookingLinkFor } from './booking-link.ts';

/** Round-robin pools (docs/scheduling.md, "Pools"): one pool member is needed, chosen by load under the pool's lock. */
let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
let jobId: string;
let pooledId: string;
let poolOnlyId: string;
let req: string;
let p1: string;
let p2: string;
type Auth = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Auth, payload?: object) => t.app.inject({ method, url, headers, payload });
const errorOf = (res: { json(): unknown }) => (res.json() as { errorMsg: Record<string, string[]> }).errorMsg;

const HOUR = 3_600_000;
const monday = nextMondayUtc();
const tuesday = new Date(monday.getTime() + 24 * HOUR);
const at = (h: number, day = monday) => new Date(day.getTime() + h * HOUR).toISOString();

/** A user of the client working weekdays from `start` to `end` UTC. */
async function interviewer(start: string, end: string, lastName: string) {
  const u = await createUser(t.app, { role: 'user', clientId: A.client.id });
  await t.app.pool.query('UPDATE users SET first_name = $2, last_name = $3 WHERE id = $1', [u.id, 'Pat', lastName]);
  await t.app.db.insert(calendarWorkingHours).values({
    clientId: A.client.id,
    userId: u.id,
    timeZone: 'UTC',
    days: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, on: weekday <= 5, start, end })),
    minimumNoticeMinutes: 60,
    dailyMaximum: 8,
  });
  return u.id;
}

beforeAll(async () => {
  t = await setupTestApp();
  A = await createTenant(t.app);
  req = await interviewer('09:00', '17:00', 'Required');
  p1 = await interviewer('09:00', '17:00', 'Allday');
  p2 = await interviewer('09:00', '13:00', 'Mornings');
  jobId = (await createJobViaApi(t.app, A.staffAuth.headers, A.client.id, { title: 'Pharmacist' }))._id;
  const plan = await call('PUT', `/api/jobs/${jobId}/interview-plan`, A.recruiterAuth.headers, {
    clientId: A.client.id,
    interviews: [
      { name: 'Panel with a pool', durationMinutes: 60, interviewerIds: [req, p1, p2], poolIds: [p1, p2] },
      { name: 'Pool only', durationMinutes: 60, interviewerIds: [p1, p2], poolIds: [p1, p2] },
    ],
    attributes: [],
  });
  expect(plan.statusCode, plan.body).toBe(200);
  [pooledId, poolOnlyId] = plan.json().interviews.map((i: { id: string }) => i.id);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** A fresh application and a link for `interviewId`; returns the application id and the link's token. */
async function linkFor(interviewId: string) {
  const [c] = await t.app.db
    .insert(candidates)
    .values({ clientId: A.client.id, firstName: 'Lee', lastName: 'Moss', email: `lee-${Math.random().toString(36).slice(2, 8)}@cand.example` })
    .returning();
  const [a] = await t.app.db.insert(applications).values({ clientId: A.client.id, candidateId: c.id, jobId }).returning();
  const link = await bookingLinkFor(depsOf(t.app), { clientId: A.client.id, actor: { id: A.recruiter.id }, applicationId: a.id, interviewId });
  return { appId: a.id, token: (link.url as string).split('/schedule/')[1] };
}
const book = (token: string, start: string) => t.app.inject({ method: 'POST', url: `/api/scheduling/${token}/book`, payload: { start, timeZone: 'UTC' } });
async function whoIsOn(appId: string): Promise<string[]> {
  const res = await call('GET', `/api/applications/${appId}/scheduled-interviews?clientId=${A.client.id}`, A.recruiterAuth.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json()
    .results[0].interviewers.map((p: { id: string }) => p.id)
    .sort();
}
const slotsOf = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/scheduling/${token}` })).json().slots.map((s: { start: string }) => s.start);

describe('round-robin pools', () => {
  it('the plan keeps which interviewers form the pool, and refuses a pool of one or of people not on the interview', async () => {
    const plan = await call('GET', `/api/jobs/${jobId}/interview-plan?clientId=${A.client.id}`, A.recruiterAuth.headers);
    expect(plan.json().interviews[0].poolIds.sort()).toEqual([p1, p2].sort());
    const put = (poolIds: string[], interviewerIds = [req, p1]) =>
      call('PUT', `/api/jobs/${jobId}/interview-plan`, A.recruiterAuth.headers, {
        clientId: A.client.id,
        interviews: [{ name: 'X', durationMinutes: 30, interviewerIds, poolIds }],
        attributes: [],
      });
    const one = await put([p1]);
    expect(one.statusCode).toBe(400);
    expect(errorOf(one)['interviews.0.poolIds']).toEqual([
      'A pool needs at least two interviewers (one of them is needed): add another, or make this one required.',
    ]);
    const stranger = await put([p1, p2]);
    expect(stranger.statusCode).toBe(400);
    expect(errorOf(stranger)['interviews.0.poolIds']).toEqual(['A pool is made of the interview’s own interviewers: add them as interviewers first.']);
  });

  it('offers a time when one pool member is free with everyone required, and books the one free then', async () => {
    const { appId, token } = await linkFor(pooledId);
    const offered = await slotsOf(token);
    // 14:00 on Monday: only the all-day member works then (the other works mornings), and it is offered.
    expect(offered).toContain(at(14));
    expect(offered).toContain(at(10));
    const res = await book(token, at(14));
    expect(res.statusCode, res.body).toBe(201);
    expect(await whoIsOn(appId)).toEqual([req, p1].sort());
  });

  it('chooses the member with the fewest interviews coming, then the one booked least recently', async () => {
    // Pat Allday has one interview coming, Pat Mornings none: Mornings gets the 10:00.
    const first = await linkFor(pooledId);
    expect((await book(first.token, at(10))).statusCode).toBe(201);
    expect(await whoIsOn(first.appId)).toEqual([req, p2].sort());
    // One each now: the one booked least recently (Allday) gets the 11:00.
    const second = await linkFor(pooledId);
    expect((await book(second.token, at(11))).statusCode).toBe(201);
    expect(await whoIsOn(second.appId)).toEqual([req, p1].sort());
  });

  it('two bookings of the same time at once both succeed, with different pool members; a third finds the time taken', async () => {
    const [x, y, z] = [await linkFor(poolOnlyId), await linkFor(poolOnlyId), await linkFor(poolOnlyId)];
    const [rx, ry] = await Promise.all([book(x.token, at(10, tuesday)), book(y.token, at(10, tuesday))]);
    expect([rx.statusCode, ry.statusCode], `${rx.body} ${ry.body}`).toEqual([201, 201]);
    const people = [...(await whoIsOn(x.appId)), ...(await whoIsOn(y.appId))].sort();
    expect(people).toEqual([p1, p2].sort());
    expect(await slotsOf(z.token)).not.toContain(at(10, tuesday));
    const third = await book(z.token, at(10, tuesday));
    expect(third.statusCode).toBe(409);
    expect(third.json().errorMsg.start[0]).toMatch(/^That time was just taken\. The next free times are /);
  });
});
