import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobViaApi, createTenant, createUser, setupTestApp, type TestApp } from '../../test/helpers.ts';
import { depsOf } from '../core/deps.ts';
import { calendarWorkingHours } from '../db/schema/calendars.ts';
import { applications, candidates } from '../db/schema/candidates.ts';
import { clients } from '../db/schema/core.ts';
import { scheduledInterviewCalendarCopies } from '../db/schema/scheduling.ts';
import type { Queue } from '../plugins/queue.ts';
import { bookingLinkFor } from './booking-link.ts';
import { CALENDAR_COPY_QUEUE } from './calendar-copies.ts';
import { requeueStrandedCalendarCopies, STRANDED_AFTER_MINUTES } from './sweep-calendar-copies.ts';

/** Upkeep around bookings: the sweep of calendar copies whose job was lost, and erasure of the chat's bookings. */
let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
let ivr: string;
let scheduledId: string;

beforeAll(async () => {
  t = await setupTestApp();
  A = await createTenant(t.app);
  ivr = (await createUser(t.app, { role: 'user', clientId: A.client.id })).id;
  await t.app.db.insert(calendarWorkingHours).values({
    clientId: A.client.id,
    userId: ivr,
    timeZone: 'UTC',
    days: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, on: true, start: '08:00', end: '18:00' })),
    minimumNoticeMinutes: 60,
    dailyMaximum: 8,
  });
  const jobId = (await createJobViaApi(t.app, A.staffAuth.headers, A.client.id, { title: 'Midwife' }))._id;
  const plan = await t.app.inject({
    method: 'PUT',
    url: `/api/jobs/${jobId}/interview-plan`,
    headers: A.recruiterAuth.headers,
    payload: { clientId: A.client.id, interviews: [{ name: 'Talk', durationMinutes: 30, interviewerIds: [ivr] }], attributes: [] },
  });
  expect(plan.statusCode, plan.body).toBe(200);
  const [c] = await t.app.db.insert(candidates).values({ clientId: A.client.id, firstName: 'Kim', lastName: 'Lo', email: 'kim.lo@cand.example' }).returning();
  const [a] = await t.app.db.insert(applications).values({ clientId: A.client.id, candidateId: c.id, jobId }).returning();
  const link = await bookingLinkFor(depsOf(t.app), { clientId: A.client.id, actor: null, applicationId: a.id });
  const token = (link.url as string).split('/schedule/')[1];
  const page = await t.app.inject({ method: 'GET', url: `/api/scheduling/${token}` });
  const booked = await t.app.inject({ method: 'POST', url: `/api/scheduling/${token}/book`, payload: { start: page.json().slots[0].start, timeZone: 'UTC' } });
  expect(booked.statusCode, booked.body).toBe(201);
  const rows = await t.app.db.execute<{ id: string }>(sql`SELECT id FROM scheduled_interviews WHERE client_id = ${A.client.id}`);
  scheduledId = rows.rows[0].id;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('the sweep of calendar copies never queued', () => {
  it('queues a job for a copy left "being written" or overdue for its retry, once per sweep window; a fresh or written one is left alone', async () => {
    // The interviewer has no CalDAV calendar, so the booking planned no copy: the rows stand for what a crash left behind.
    const users = await Promise.all([1, 2, 3, 4].map(() => createUser(t.app, { role: 'user', clientId: A.client.id })));
    const now = new Date();
    const ago = (min: number) => new Date(now.getTime() - min * 60_000);
    const row = (userId: string, state: 'pending' | 'written' | 'retrying', updatedAt: Date, nextAttemptAt: Date | null = null) => ({
      clientId: A.client.id,
      scheduledInterviewId: scheduledId,
      userId,
      wanted: 'event' as const,
      ics: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR',
      state,
      updatedAt,
      nextAttemptAt,
    });
    const [lost, fresh, written, overdue] = users.map((u) => u.id);
    await t.app.db
      .insert(scheduledInterviewCalendarCopies)
      .values([
        row(lost, 'pending', ago(STRANDED_AFTER_MINUTES + 20)),
        row(fresh, 'pending', ago(1)),
        row(written, 'written', ago(600)),
        row(overdue, 'retrying', ago(120), ago(STRANDED_AFTER_MINUTES + 5)),
      ]);
    const sent: { name: string; data: unknown }[] = [];
    const queue = { send: async (name: string, data: unknown) => void sent.push({ name, data }) } as unknown as Queue;
    const deps = { ...depsOf(t.app), queue };
    expect(await requeueStrandedCalendarCopies(deps, { now })).toBe(2);
    expect(sent.map((s) => s.name)).toEqual([CALENDAR_COPY_QUEUE, CALENDAR_COPY_QUEUE]);
    expect(sent.map((s) => (s.data as { userId: string }).userId).sort()).toEqual([lost, overdue].sort());
    expect(sent[0].data).toMatchObject({ clientId: A.client.id, scheduledId });
    // The next sweep, five minutes on, leaves them to the jobs just queued; a sweep after the window queues
    // them again (their jobs never ran), and the one that was fresh, stranded by then too.
    expect(await requeueStrandedCalendarCopies(deps, { now: new Date(now.getTime() + 5 * 60_000) })).toBe(0);
    sent.length = 0;
    expect(await requeueStrandedCalendarCopies(deps, { now: new Date(now.getTime() + (STRANDED_AFTER_MINUTES + 1) * 60_000) })).toBe(3);
    expect(sent.map((s) => (s.data as { userId: string }).userId).sort()).toEqual([lost, fresh, overdue].sort());
  });
});

describe('erasing a candidate who booked through the chat', () => {
  it('removes their chat booking, its reschedule/cancel link and every stored .ics of it', async () => {
    await t.app.db
      .update(clients)
      .set({ integrations: { chatbot: { enabled: true, botName: 'Ava' } } })
      .where(sql`${clients.id} = ${A.client.id}`);
    const ranges = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '09:00', end: '12:00' }));
    const avail = await t.app.inject({
      method: 'PUT',
      url: '/api/chatbot/availability',
      headers: A.recruiterAuth.headers,
      payload: { clientId: A.client.id, timeZone: 'UTC', slotMinutes: 60, ranges },
    });
    expect(avail.statusCode, avail.body).toBe(200);
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
    const email = 'robin.chat@cand.example';
    const saved = await post('/api/chatbot/public/candidate', {
      nameSlug: A.client.nameSlug,
      firstName: 'Robin',
      lastName: 'Chat',
      email,
      phone: '+1 512 555 0142',
      consent: true,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const slots = (await t.app.inject({ method: 'GET', url: `/api/chatbot/public/slots?nameSlug=${A.client.nameSlug}` })).json().slots;
    const booked = await post('/api/chatbot/public/book', { nameSlug: A.client.nameSlug, candidateToken: saved.json().candidateToken, start: slots[0].start });
    expect(booked.statusCode, booked.body).toBe(201);
    const link = (booked.json().manageUrl as string).split('/schedule/chat/')[1];
    const moved = await post(`/api/chatbot/public/bookings/${link}/reschedule`, { start: slots[1].start, timeZone: 'UTC' });
    expect(moved.statusCode, moved.body).toBe(200);
    const [b] = (
      await t.app.db.execute<{ id: string; candidate_id: string }>(sql`SELECT id, candidate_id FROM chatbot_bookings WHERE client_id = ${A.client.id}`)
    ).rows;
    const stored = [`${b.id}.ics`, `${b.id}-1.ics`].map((f) => `chatbot/${A.client.id}/${f}`);
    for (const key of stored) expect(await t.app.storage.stat(key), key).toBeTruthy();

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/crm/privacy/candidate/erase',
      headers: A.recruiterAuth.headers,
      payload: { clientId: A.client.id, candidateId: b.candidate_id, confirm: email },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().filesRemoved).toBe(stored.length);
    for (const key of stored) expect(await t.app.storage.stat(key), key).toBeNull();
    const left = await t.app.db.execute<{ n: number }>(sql`
      SELECT (SELECT count(*) FROM chatbot_bookings WHERE client_id = ${A.client.id})::int
           + (SELECT count(*) FROM chatbot_booking_links WHERE client_id = ${A.client.id})::int AS n`);
    expect(left.rows[0].n).toBe(0);
    const page = await t.app.inject({ method: 'GET', url: `/api/chatbot/public/bookings/${link}` });
    expect(page.statusCode).toBe(404);
  });
});
