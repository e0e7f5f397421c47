import { messages } from '@hh/contract/messages';
import { and, asc, eq, gt, inArray, lt, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/core.ts';
import { interviewInterviewers, interviews } from '../db/schema/interviews.ts';
import { type ScheduledInterviewRow, type SchedulingLinkRow, scheduledInterviewHolds, scheduledInterviews, schedulingLinks } from '../db/schema/scheduling.ts';
import { loadApplication } from '../interviews/index.ts';
import { notFound } from '../lib/app-error.ts';
import { parseLinkToken, secretMatches } from './link-token.ts';

/** Helpers private to scheduling/ (they take the database or transaction first: not operations). */

export const personName = (u: { firstName: string | null; lastName: string | null; email: string }) =>
  `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim() || u.email;

export interface Person {
  id: string;
  name: string;
  firstName: string | null;
  email: string;
}

/** Everything a link's page, booking and mails need. */
export interface LinkContext {
  link: SchedulingLinkRow;
  interview: { id: string; name: string; durationMinutes: number };
  /**
   * The people on the interview: before booking, the required interviewers; once booked, those and the
   * pool member chosen for it (the holders of the booking).
   */
  interviewers: Person[];
  /** Before booking, the round-robin pool of whom one is needed (docs/scheduling.md, "Pools"); empty once booked or without a pool. */
  pool: Person[];
  application: { id: string; jobTitle: string };
  candidate: { id: string; name: string; firstName: string | null; email: string };
  organizer: { name: string; email: string } | null;
  scheduled: ScheduledInterviewRow | null;
}

/** The application with its job and candidate, or 404: the interviews domain's reader (scheduling books its interviews). */
export { loadApplication };

export async function loadInterviewers(db: DbOrTx, clientId: string, interviewIds: string[]): Promise<(Person & { interviewId: string; inPool: boolean })[]> {
  if (!interviewIds.length) return [];
  const rows = await db
    .select({
      interviewId: interviewInterviewers.interviewId,
      inPool: interviewInterviewers.inPool,
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(interviewInterviewers)
    .innerJoin(users, eq(users.id, interviewInterviewers.userId))
    .where(and(eq(interviewInterviewers.clientId, clientId), inArray(interviewInterviewers.interviewId, interviewIds)))
    .orderBy(asc(users.lastName), asc(users.firstName));
  return rows.map((r) => ({ interviewId: r.interviewId, inPool: r.inPool, id: r.id, name: personName(r), firstName: r.firstName || null, email: r.email }));
}

export async function loadContext(db: DbOrTx, link: SchedulingLinkRow): Promise<LinkContext> {
  const app = await loadApplication({ db: db }, { clientId: link.clientId, applicationId: link.applicationId });
  const [iv] = await db
    .select({ id: interviews.id, name: interviews.name, durationMinutes: interviews.durationMinutes })
    .from(interviews)
    .where(and(eq(interviews.clientId, link.clientId), eq(interviews.id, link.interviewId)))
    .limit(1);
  if (!iv) throw notFound('scheduling', messages.scheduling.linkInvalid);
  const people = await loadInterviewers(db, link.clientId, [iv.id]);
  const strip = ({ interviewId: _i, inPool: _p, ...p }: (typeof people)[number]): Person => p;
  const [org] = link.createdBy
    ? await db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, link.createdBy)).limit(1)
    : [];
  const [scheduled] = await db
    .select()
    .from(scheduledInterviews)
    .where(and(eq(scheduledInterviews.clientId, link.clientId), eq(scheduledInterviews.linkId, link.id)))
    .limit(1);
  const required = people.filter((p) => !p.inPool).map(strip);
  const pool = people.filter((p) => p.inPool).map(strip);
  // A booking holds the pool member chosen for it: from then on that one is on the interview, the rest of the pool is not.
  const holders = scheduled && pool.length ? new Set((await holdersOf(db, link.clientId, scheduled.id)).map((h) => h.userId)) : null;
  return {
    link,
    interview: iv,
    interviewers: holders ? [...required, ...pool.filter((p) => holders.has(p.id))] : required,
    pool: scheduled ? [] : pool,
    application: { id: app.id, jobTitle: app.jobTitle },
    candidate: { id: app.candidateId, name: personName(app), firstName: app.firstName || null, email: app.email },
    organizer: org ? { name: personName(org), email: org.email } : null,
    scheduled: scheduled ?? null,
  };
}

/**
 * The link a token names (locked for the rest of the transaction when `lock`), or 404 "not valid":
 * a token that is not ours, a changed character, a link that is gone.
 */
export async function linkOfToken(db: DbOrTx, token: string, lock = false): Promise<SchedulingLinkRow> {
  const invalid = notFound('scheduling', messages.scheduling.linkInvalid);
  const parsed = parseLinkToken(token);
  if (!parsed) throw invalid;
  const q = db
    .select()
    .from(schedulingLinks)
    .where(and(eq(schedulingLinks.clientId, parsed.clientId), eq(schedulingLinks.id, parsed.linkId)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row || !secretMatches(parsed.secret, row.secretHash)) throw invalid;
  return row;
}

/** Booked holds of these interviewers overlapping [from, to), except those of `exceptScheduledId` (freeSlots' `interviews`). */
export async function bookedHolds(db: DbOrTx, clientId: string, userIds: string[], from: Date, to: Date, exceptScheduledId?: string | null) {
  if (!userIds.length) return [];
  const rows = await db
    .select({ userId: scheduledInterviewHolds.userId, start: scheduledInterviewHolds.startsAt, end: scheduledInterviewHolds.endsAt })
    .from(scheduledInterviewHolds)
    .where(
      and(
        eq(scheduledInterviewHolds.clientId, clientId),
        inArray(scheduledInterviewHolds.userId, userIds),
        gt(scheduledInterviewHolds.endsAt, new Date(from.getTime() - 86_400_000)),
        lt(scheduledInterviewHolds.startsAt, new Date(to.getTime() + 86_400_000)),
        exceptScheduledId ? ne(scheduledInterviewHolds.scheduledInterviewId, exceptScheduledId) : undefined,
      ),
    );
  return rows;
}

/** Whether a booked interview is live (not cancelled). */
export const isLive = (s: ScheduledInterviewRow | null): s is ScheduledInterviewRow => !!s && !s.cancelledAt;

/** Who holds a booked interview's time (its interviewers, the chosen pool member included). */
export async function holdersOf(db: DbOrTx, clientId: string, scheduledId: string) {
  return db
    .select({ userId: scheduledInterviewHolds.userId })
    .from(scheduledInterviewHolds)
    .where(and(eq(scheduledInterviewHolds.clientId, clientId), eq(scheduledInterviewHolds.scheduledInterviewId, scheduledId)));
}
