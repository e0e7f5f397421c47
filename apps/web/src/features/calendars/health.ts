import type { CalendarConnection } from '@hh/contract/calendars';

import { formatDate } from '../../lib/format.ts';

/** In the browser's zone, named: the sync times are the person's own, not the client's. */
const when = (iso: string) => formatDate(iso);

/** A connection's health in words: when it was last read and what it found, or what went wrong. */
export function healthText(c: CalendarConnection): { ok: boolean; text: string } {
  if (c.lastError) return { ok: false, text: `Last sync failed${c.lastAttemptAt ? ` (${when(c.lastAttemptAt)})` : ''}: ${c.lastError}` };
  if (!c.lastSyncedAt) return { ok: true, text: 'Not synced yet' };
  return { ok: true, text: `Synced ${when(c.lastSyncedAt)}: ${c.busyCount} busy time${c.busyCount === 1 ? '' : 's'} in the next 60 days` };
}
