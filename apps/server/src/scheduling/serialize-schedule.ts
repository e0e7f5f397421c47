import type { ApplicationSchedule } from '@hh/contract/scheduling';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { interviews } from '../db/schema/interviews.ts';
import { type SchedulingLinkRow, scheduledInterviewHolds, scheduledInterviews, schedulingLinks } from '../db/schema/scheduling.ts';
import { loadInterviewers } from './load-link.ts';

/** The application's links with their bookings, newest first (the application panel). `only` limits it to some links. */
export async function applicationSchedules(
  db: DbOrTx,
  clientId: string,
  applicationId: string,
  only?: string[],
  now = new Date(),
): Promise<ApplicationSchedule[]> {
  const links: SchedulingLinkRow[] = await db
    .select()
    .from(schedulingLinks)
    .where(and(eq(schedulingLinks.clientId, clientId), eq(schedulingLinks.applicationId, applicationId), only ? inArray(schedulingLinks.id, only) : undefined))
    .orderBy(desc(schedulingLinks.createdAt));
  if (!links.length) return [];
  const ivIds = [...new Set(links.map((l) => l.interviewId))];
  const ivs = await db
    .select({ id: interviews.id, name: interviews.name, durationMinutes: interviews.durationMinutes })
    .from(interviews)
    .where(and(eq(interviews.clientId, clientId), inArray(interviews.id, ivIds)));
  const people = await loadInterviewers(db, clientId, ivIds);
  const booked = await db
    .select()
    .from(scheduledInterviews)
    .where(
      and(
        eq(scheduledInterviews.clientId, clientId),
        inArray(
          scheduledInterviews.linkId,
          links.map((l) => l.id),
        ),
      ),
    );
  // A booked interview with a pool shows the member chosen for it (the holder), not the whole pool.
  const live = booked.filter((b) => !b.cancelledAt).map((b) => b.id);
  const holds = live.length
    ? await db
        .select({ scheduledId: scheduledInterviewHolds.scheduledInterviewId, userId: scheduledInterviewHolds.userId })
        .from(scheduledInterviewHolds)
        .where(and(eq(scheduledInterviewHolds.clientId, clientId), inArray(scheduledInterviewHolds.scheduledInterviewId, live)))
    : [];
  const onInterview = (p: (typeof people)[number], s: (typeof booked)[number] | undefined) =>
    !p.inPool || !s || s.cancelledAt || holds.some((h) => h.scheduledId === s.id && h.userId === p.id);
  return links.map((l) => {
    const iv = ivs.find((i) => i.id === l.interviewId);
    const s = booked.find((b) => b.linkId === l.id);
    const state = s ? (s.cancelledAt ? 'cancelled' : 'booked') : l.expiresAt <= now ? 'expired' : 'sent';
    return {
      id: l.id,
      interviewId: l.interviewId,
      interviewName: iv?.name ?? '',
      durationMinutes: iv?.durationMinutes ?? 0,
      interviewers: people.filter((p) => p.interviewId === l.interviewId && onInterview(p, s)).map((p) => ({ id: p.id, name: p.name })),
      state,
      sentAt: l.createdAt.toISOString(),
      expiresAt: l.expiresAt.toISOString(),
      startsAt: s?.startsAt.toISOString() ?? null,
      endsAt: s?.endsAt.toISOString() ?? null,
      candidateTimeZone: s?.timeZone ?? null,
      proposedStarts: l.proposedStarts ? [...l.proposedStarts].sort() : null,
    };
  });
}
