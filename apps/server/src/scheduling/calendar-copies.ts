import { and, eq } from 'drizzle-orm';
import { deleteCalendarEvent, putCalendarEvent } from '../calendars/index.ts';
import type { Deps } from '../core/deps.ts';
import { scheduledInterviewHolds } from '../db/schema/scheduling.ts';

/**
 * The booked interview in each interviewer's connected CalDAV calendar, written after the booking
 * commits (a calendar server that is slow or down must not hold a transaction or undo a booking: the
 * mailed invitation still reaches everyone). Each hold remembers where its event went, so a move
 * replaces it and a cancel deletes it.
 */
export async function writeCalendarCopies(
  deps: Pick<Deps, 'db' | 'config' | 'log'>,
  input: { clientId: string; scheduledId: string; uid: string; ics: string },
): Promise<void> {
  const holds = await deps.db
    .select()
    .from(scheduledInterviewHolds)
    .where(and(eq(scheduledInterviewHolds.clientId, input.clientId), eq(scheduledInterviewHolds.scheduledInterviewId, input.scheduledId)));
  await Promise.all(
    holds.map(async (h) => {
      const written = await putCalendarEvent(deps, {
        clientId: input.clientId,
        userId: h.userId,
        uid: input.uid,
        ics: input.ics,
        connectionId: h.connectionId,
        objectUrl: h.objectUrl,
      });
      if (!written || (written.connectionId === h.connectionId && written.objectUrl === h.objectUrl)) return;
      await deps.db
        .update(scheduledInterviewHolds)
        .set({ connectionId: written.connectionId, objectUrl: written.objectUrl })
        .where(
          and(
            eq(scheduledInterviewHolds.clientId, input.clientId),
            eq(scheduledInterviewHolds.scheduledInterviewId, input.scheduledId),
            eq(scheduledInterviewHolds.userId, h.userId),
          ),
        );
    }),
  );
}

/** Deletes the calendar copies of a cancelled interview (the holds' references, read before the holds were released). */
export async function deleteCalendarCopies(
  deps: Pick<Deps, 'db' | 'config' | 'log'>,
  input: { clientId: string; copies: { userId: string; connectionId: string | null; objectUrl: string | null }[] },
): Promise<void> {
  await Promise.all(
    input.copies.map((c) =>
      c.connectionId && c.objectUrl
        ? deleteCalendarEvent(deps, { clientId: input.clientId, userId: c.userId, connectionId: c.connectionId, objectUrl: c.objectUrl })
        : null,
    ),
  );
}
