import type { ApplicationSchedule } from '@hh/contract/scheduling';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { interviews } from '../db/schema/interviews.ts';
import { type SchedulingLinkRow, scheduledInterviews, schedulingLinks } from '../db/schema/scheduling.ts';
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
  return links.map((l) => {
    const iv = ivs.find((i) => i.id === l.interviewId);
    const s = booked.find((b) => b.linkId === l.id);
    const state = s ? (s.cancelledAt ? 'cancelled' : 'booked') : l.expiresAt <= now ? 'expired' : 'sent';
    return {
      id: l.id,
      interviewId: l.interviewId,
      interviewName: iv?.name ?? '',
      durationMinutes: iv?.durationMinutes ?? 0,
      interviewers: people.filter((p) => p.interviewId === l.interviewId).map((p) => ({ id: p.id, name: p.name })),
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
