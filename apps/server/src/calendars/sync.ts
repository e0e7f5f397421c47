import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';
import { type CalendarConnectionRow, calendarConnections } from '../db/schema/calendars.ts';
import { AppError, badRequest } from '../lib/app-error.ts';
import type { Interval } from './ics-busy.ts';
import { readCalDavBusy, readIcsBusy } from './remote.ts';
import { calendarSecrets, replaceBusy } from './store.ts';

/** Reads a stored connection's busy times from its calendar (the secret opened only for the read). */
export async function readConnection(deps: Pick<Deps, 'config' | 'log'>, row: CalendarConnectionRow): Promise<Interval[]> {
  const secret = calendarSecrets(deps.config).open(row.secretSealed);
  if (row.kind === 'ics') return readIcsBusy(deps, secret);
  return readCalDavBusy(deps, { serverUrl: row.serverUrl ?? '', username: row.username ?? '', password: secret }, row.calendarUrl ?? '');
}

export type SyncResult = { ok: true; count: number; row: CalendarConnectionRow } | { ok: false; error: AppError; row: CalendarConnectionRow };

/**
 * Syncs one connection: reads its calendar, then in one transaction replaces its busy intervals and
 * records the health (last sync, no error). A failed read keeps the busy times of the last good sync
 * (a calendar that cannot be read for an hour should not make its owner look free) and records the
 * problem in words.
 */
export async function syncConnection(deps: Pick<Deps, 'db' | 'config' | 'log'>, row: CalendarConnectionRow, now = new Date()): Promise<SyncResult> {
  const where = and(eq(calendarConnections.clientId, row.clientId), eq(calendarConnections.id, row.id));
  let intervals: Interval[];
  try {
    intervals = await readConnection(deps, row);
  } catch (e) {
    const error = e instanceof AppError ? e : badRequest('calendars', row.kind === 'ics' ? messages.calendars.feedUnreachable : messages.calendars.unreachable);
    if (!(e instanceof AppError)) deps.log.warn({ err: e, connectionId: row.id }, 'calendar: sync failed unexpectedly');
    const [updated] = await deps.db.update(calendarConnections).set({ lastAttemptAt: now, lastError: error.message }).where(where).returning();
    return { ok: false, error, row: updated ?? row };
  }
  const updated = await deps.db.transaction(async (tx) => {
    // The row lock orders a scheduled sync and a "Sync now" of the same connection; a removed connection stays removed.
    const [locked] = await tx.select().from(calendarConnections).where(where).for('update');
    if (!locked) return null;
    await replaceBusy(tx, locked, intervals);
    const [u] = await tx.update(calendarConnections).set({ lastAttemptAt: now, lastSyncedAt: now, lastError: null }).where(where).returning();
    return u;
  });
  return { ok: true, count: intervals.length, row: updated ?? row };
}
