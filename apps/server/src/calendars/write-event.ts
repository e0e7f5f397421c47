import { and, asc, eq } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';
import { calendarConnections } from '../db/schema/calendars.ts';
import { davClient } from './remote.ts';
import { calendarSecrets } from './store.ts';

/**
 * Writing events into a person's connected CalDAV calendar (scheduling puts booked interviews there),
 * through the same guarded client and sealed credentials as reading. The event goes to the person's
 * first CalDAV connection in the client (the one connected earliest); ICS feeds are read-only.
 * Failures are returned, not thrown: a calendar that cannot be written must not undo a booking.
 */
export interface WrittenEvent {
  connectionId: string;
  objectUrl: string;
}

/** Puts (creates or replaces) the event `ics` as `<uid>.ics` in the user's first CalDAV calendar; null when none or on failure. */
export async function putCalendarEvent(
  deps: Pick<Deps, 'db' | 'config' | 'log'>,
  input: { clientId: string; userId: string; uid: string; ics: string; objectUrl?: string | null; connectionId?: string | null },
): Promise<WrittenEvent | null> {
  const where = input.connectionId
    ? and(eq(calendarConnections.clientId, input.clientId), eq(calendarConnections.id, input.connectionId))
    : and(eq(calendarConnections.clientId, input.clientId), eq(calendarConnections.userId, input.userId), eq(calendarConnections.kind, 'caldav'));
  const [row] = await deps.db.select().from(calendarConnections).where(where).orderBy(asc(calendarConnections.createdAt)).limit(1);
  if (row?.kind !== 'caldav' || !row.calendarUrl || row.userId !== input.userId) return null;
  const filename = `${input.uid.replace(/[^\w.@-]/g, '_')}.ics`;
  const calendarUrl = row.calendarUrl.endsWith('/') ? row.calendarUrl : `${row.calendarUrl}/`;
  try {
    const client = await davClient(deps, {
      serverUrl: row.serverUrl ?? '',
      username: row.username ?? '',
      password: calendarSecrets(deps.config).open(row.secretSealed),
    });
    // No If-None-Match: a reschedule replaces the event of the same name.
    const res = await client.createCalendarObject({ calendar: { url: calendarUrl }, iCalString: input.ics, filename, headersToExclude: ['If-None-Match'] });
    if (!res.ok) throw new Error(`CalDAV PUT answered ${res.status}`);
    return { connectionId: row.id, objectUrl: new URL(filename, calendarUrl).href };
  } catch (e) {
    deps.log.warn({ err: String(e), connectionId: row.id }, 'calendar: writing an event failed');
    return null;
  }
}

/** Deletes an event written by putCalendarEvent; false on failure (logged). */
export async function deleteCalendarEvent(
  deps: Pick<Deps, 'db' | 'config' | 'log'>,
  input: { clientId: string; userId: string; connectionId: string; objectUrl: string },
): Promise<boolean> {
  const [row] = await deps.db
    .select()
    .from(calendarConnections)
    .where(and(eq(calendarConnections.clientId, input.clientId), eq(calendarConnections.id, input.connectionId)))
    .limit(1);
  if (row?.kind !== 'caldav' || row.userId !== input.userId) return false;
  try {
    const client = await davClient(deps, {
      serverUrl: row.serverUrl ?? '',
      username: row.username ?? '',
      password: calendarSecrets(deps.config).open(row.secretSealed),
    });
    const res = await client.deleteCalendarObject({ calendarObject: { url: input.objectUrl, etag: undefined } });
    return res.ok || res.status === 404;
  } catch (e) {
    deps.log.warn({ err: String(e), connectionId: row.id }, 'calendar: deleting an event failed');
    return false;
  }
}
