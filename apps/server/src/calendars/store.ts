import type { CalendarConnection, WorkingHours } from '@hh/contract/calendars';
import { messages } from '@hh/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { DbOrTx } from '../db/client.ts';
import { calendarBusy, type CalendarConnectionRow, calendarConnections, calendarWorkingHours } from '../db/schema/calendars.ts';
import { clients } from '../db/schema/core.ts';
import { notFound } from '../lib/app-error.ts';
import { secretBox } from '../lib/secret-box.ts';
import type { Interval } from './ics-busy.ts';
import { isTimeZone } from './time-zones.ts';

/** Helpers private to calendars/: sealed secrets, loading a connection of its owner, replacing busy times, working hours. */

/** The CalDAV app password and the ICS feed's address are sealed with a key of their own purpose. */
export const calendarSecrets = (config: Pick<Config, 'SECRETS_KEY' | 'jwtSecret'>) => secretBox(config.SECRETS_KEY ?? config.jwtSecret, 'calendar-connections');

export async function loadOwnConnection(db: DbOrTx, clientId: string, userId: string, id: string): Promise<CalendarConnectionRow> {
  const [row] = await db
    .select()
    .from(calendarConnections)
    .where(and(eq(calendarConnections.clientId, clientId), eq(calendarConnections.userId, userId), eq(calendarConnections.id, id)));
  if (!row) throw notFound('calendars', messages.calendars.connectionNotFound);
  return row;
}

export async function busyCount(db: DbOrTx, clientId: string, connectionId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(calendarBusy)
    .where(and(eq(calendarBusy.clientId, clientId), eq(calendarBusy.connectionId, connectionId)));
  return r?.n ?? 0;
}

export function serializeConnection(row: CalendarConnectionRow, count: number): CalendarConnection {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    source: row.source,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    lastError: row.lastError,
    busyCount: count,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Replaces a connection's busy intervals (call inside the transaction that records the sync). */
export async function replaceBusy(tx: DbOrTx, row: Pick<CalendarConnectionRow, 'clientId' | 'id' | 'userId'>, intervals: Interval[]): Promise<void> {
  await tx.delete(calendarBusy).where(and(eq(calendarBusy.clientId, row.clientId), eq(calendarBusy.connectionId, row.id)));
  for (let i = 0; i < intervals.length; i += 1000) {
    await tx
      .insert(calendarBusy)
      .values(intervals.slice(i, i + 1000).map((b) => ({ clientId: row.clientId, connectionId: row.id, userId: row.userId, startsAt: b.start, endsAt: b.end })))
      .onConflictDoNothing();
  }
}

export const DEFAULT_DAYS: WorkingHours['days'] = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, on: weekday <= 5, start: '09:00', end: '17:00' }));

/** The user's working hours in this client, or the defaults (Monday–Friday 9–5 in the client's time zone). */
export async function loadWorkingHours(db: DbOrTx, clientId: string, userId: string): Promise<WorkingHours & { saved: boolean }> {
  const [row] = await db
    .select()
    .from(calendarWorkingHours)
    .where(and(eq(calendarWorkingHours.clientId, clientId), eq(calendarWorkingHours.userId, userId)));
  if (row) {
    return {
      timeZone: row.timeZone,
      days: row.days,
      bufferBeforeMinutes: row.bufferBeforeMinutes,
      bufferAfterMinutes: row.bufferAfterMinutes,
      minimumNoticeMinutes: row.minimumNoticeMinutes,
      dailyMaximum: row.dailyMaximum,
      saved: true,
    };
  }
  const [c] = await db.select({ timeZone: clients.timeZone }).from(clients).where(eq(clients.id, clientId));
  return {
    timeZone: c?.timeZone && isTimeZone(c.timeZone) ? c.timeZone : 'UTC',
    days: DEFAULT_DAYS,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    minimumNoticeMinutes: 240,
    dailyMaximum: 4,
    saved: false,
  };
}
