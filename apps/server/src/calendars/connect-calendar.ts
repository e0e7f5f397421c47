import { MAX_CONNECTIONS, type calendarRoutes as r } from '@hh/contract/calendars';
import { messages } from '@hh/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { calendarConnections } from '../db/schema/calendars.ts';
import { badRequest, conflict } from '../lib/app-error.ts';
import type { Interval } from './ics-busy.ts';
import { discoverCalDav, readCalDavBusy, readIcsBusy } from './remote.ts';
import { CALENDAR_OWNERS } from './rights.ts';
import { calendarSecrets, replaceBusy, serializeConnection } from './store.ts';

const m = messages.calendars;
const sameUrl = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/**
 * `POST /api/calendars/connections`: connects a CalDAV calendar (app password) or an ICS feed. The
 * calendar is read first, outside any transaction; only when that worked are the connection (its
 * secret sealed) and its busy times written, in one transaction. A wrong password, an unreachable or
 * private address, or a huge or malformed feed is a 400 in words and leaves nothing behind.
 */
export const connectCalendar: Operation<typeof r.connect, 'db' | 'config' | 'log'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CALENDAR_OWNERS, 'calendars');
  const own = and(eq(calendarConnections.clientId, client.id), eq(calendarConnections.userId, input.actor.id));
  const [{ n }] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(calendarConnections).where(own);
  if (n >= MAX_CONNECTIONS) throw conflict('calendars', m.tooManyConnections(MAX_CONNECTIONS));

  const box = calendarSecrets(deps.config);
  let values: Omit<typeof calendarConnections.$inferInsert, 'clientId' | 'userId'>;
  let intervals: Interval[];
  const now = new Date();
  if (input.kind === 'caldav') {
    const creds = { serverUrl: input.serverUrl, username: input.username, password: input.password };
    const calendars = await discoverCalDav(deps, creds);
    if (!calendars.length) throw badRequest('calendars', m.noCalendars);
    const chosen = input.calendarUrl ? calendars.find((c) => sameUrl(c.url, input.calendarUrl as string)) : calendars[0];
    if (!chosen) throw badRequest('calendars', m.calendarNotOnAccount);
    intervals = await readCalDavBusy(deps, creds, chosen.url, now);
    values = {
      kind: 'caldav',
      name: chosen.name,
      source: `${input.username} on ${new URL(input.serverUrl).host}`,
      serverUrl: input.serverUrl,
      username: input.username,
      calendarUrl: chosen.url,
      secretSealed: box.seal(input.password),
    };
  } else {
    intervals = await readIcsBusy(deps, input.url, now);
    const host = new URL(input.url).host;
    values = { kind: 'ics', name: input.name || host, source: `ICS feed from ${host}`, secretSealed: box.seal(input.url) };
  }

  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(calendarConnections)
      .values({ ...values, clientId: client.id, userId: input.actor.id, lastSyncedAt: now, lastAttemptAt: now })
      .returning();
    await replaceBusy(tx, row, intervals);
    await logActivity(tx, {
      actor: input.actor,
      clientId: client.id,
      action: 'create',
      entity: 'calendar',
      entityId: row.id,
      changes: { kind: row.kind, name: row.name },
    });
    return { ...serializeConnection(row, intervals.length), message: m.connected(row.name) };
  });
};
