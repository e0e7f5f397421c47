import { and, asc, eq } from 'drizzle-orm';
import { messages } from '@hh/contract/messages';
import type { Deps } from '../core/deps.ts';
import { AppError, badRequest } from '../lib/app-error.ts';
import { calendarConnections } from '../db/schema/calendars.ts';
import { calDavError, davClient } from './remote.ts';
import { calendarSecrets } from './store.ts';

const m = messages.calendars;

/**
 * Writing events into a person's connected CalDAV calendar (scheduling puts booked interviews there),
 * through the same guarded client and sealed credentials as reading. The event goes to the person's
 * first CalDAV connection in the client (the one connected earliest); ICS feeds are read-only.
 * Failures are returned with their reason in words, not thrown: the caller (a queue job) retries.
 */

/** The outcome of one write to a calendar: where the event is, or why it could not be written (in words). */
export type CalendarWrite = { ok: true; connectionId: string; objectUrl: string | null } | { ok: false; connectionId: string | null; error: string };

/** A failed write's reason in words: the calendars domain's own messages, never a stack or a server's text. */
function writeProblem(deps: Pick<Deps, 'config' | 'log'>, connectionId: string, e: unknown): string {
  deps.log.warn({ err: String(e), connectionId }, 'calendar: writing an event failed');
  if (e instanceof AppError) return e.message;
  return calDavError(deps, e).message;
}

/** The connection an event of `userId` goes to: `connectionId` when given (where it went before), else the person's first CalDAV calendar. */
async function connectionFor(deps: Pick<Deps, 'db'>, input: { clientId: string; userId: string; connectionId?: string | null }) {
  const where = input.connectionId
    ? and(eq(calendarConnections.clientId, input.clientId), eq(calendarConnections.id, input.connectionId))
    : and(eq(calendarConnections.clientId, input.clientId), eq(calendarConnections.userId, input.userId), eq(calendarConnections.kind, 'caldav'));
  const [row] = await deps.db.select().from(calendarConnections).where(where).orderBy(asc(calendarConnections.createdAt)).limit(1);
  return row?.kind === 'caldav' && row.calendarUrl && row.userId === input.userId ? row : null;
}

/** The person's first CalDAV connection in the client (where booked interviews are written), with its name; null when none. */
export async function firstCalDavConnection(deps: Pick<Deps, 'db'>, input: { clientId: string; userId: string }) {
  const row = await connectionFor(deps, input);
  return row ? { id: row.id, name: row.name } : null;
}

/**
 * Puts (creates or replaces) the event `ics` as `<uid>.ics` in the connection's calendar (the
 * person's first CalDAV calendar when no connection is named). A failure is returned with its reason
 * in words, for the caller to retry later and to show.
 */
export async function writeCalendarEvent(
  deps: Pick<Deps, 'db' | 'config' | 'log'>,
  input: { clientId: string; userId: string; uid: string; ics: string; connectionId?: string | null },
): Promise<CalendarWrite> {
  const row = await connectionFor(deps, input);
  if (!row?.calendarUrl) return { ok: false, connectionId: input.connectionId ?? null, error: m.connectionGone };
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
    if (!res.ok) return { ok: false, connectionId: row.id, error: writeProblem(deps, row.id, httpProblem(res.status)) };
    return { ok: true, connectionId: row.id, objectUrl: new URL(filename, calendarUrl).href };
  } catch (e) {
    return { ok: false, connectionId: row.id, error: writeProblem(deps, row.id, e) };
  }
}

/** Deletes an event written by writeCalendarEvent (gone already counts as deleted); a failure is returned with its reason in words. */
export async function removeCalendarEvent(
  deps: Pick<Deps, 'db' | 'config' | 'log'>,
  input: { clientId: string; userId: string; connectionId: string; objectUrl: string },
): Promise<CalendarWrite> {
  const row = await connectionFor(deps, input);
  // A connection removed since: nothing of ours is read from it any more, and nothing can be deleted.
  if (!row) return { ok: true, connectionId: input.connectionId, objectUrl: null };
  try {
    const client = await davClient(deps, {
      serverUrl: row.serverUrl ?? '',
      username: row.username ?? '',
      password: calendarSecrets(deps.config).open(row.secretSealed),
    });
    const res = await client.deleteCalendarObject({ calendarObject: { url: input.objectUrl, etag: undefined } });
    if (!res.ok && res.status !== 404) return { ok: false, connectionId: row.id, error: writeProblem(deps, row.id, httpProblem(res.status)) };
    return { ok: true, connectionId: row.id, objectUrl: null };
  } catch (e) {
    return { ok: false, connectionId: row.id, error: writeProblem(deps, row.id, e) };
  }
}

/** A CalDAV server's refusal of a write, as the calendars domain words it. */
function httpProblem(status: number): AppError {
  if (status === 401 || status === 403) return badRequest('calendars', m.wrongPassword);
  if (status === 404 || status === 405 || status === 409) return badRequest('calendars', m.calendarGone);
  return badRequest('calendars', m.writeRefused(status));
}
