import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';
import { clients } from '../db/schema/core.ts';
import { sapImportSettings } from '../db/schema/sap-import.ts';
import { queueSapImport } from './queue-sap-import.ts';

/**
 * Queues the scheduled SAP imports that are due at `now` (a scan over every client's settings row, one
 * per client). "Hourly" runs at each hourly tick; "daily" when the last scheduled run is 23 hours old
 * or more, so it keeps the hour it first ran at. Returns the clients queued.
 */
export async function queueDueSapImports(deps: Pick<Deps, 'db' | 'queue'>, input: { now: Date }): Promise<string[]> {
  const dayAgo = new Date(input.now.getTime() - 23 * 3600_000);
  const due = await deps.db
    .select({ clientId: sapImportSettings.clientId, schedule: sapImportSettings.schedule })
    .from(sapImportSettings)
    .innerJoin(clients, eq(clients.id, sapImportSettings.clientId))
    .where(
      and(
        eq(clients.status, 'Active'),
        ne(sapImportSettings.schedule, 'off'),
        or(eq(sapImportSettings.schedule, 'hourly'), isNull(sapImportSettings.lastScheduledAt), lt(sapImportSettings.lastScheduledAt, dayAgo)),
      ),
    );
  for (const d of due) {
    await deps.db.update(sapImportSettings).set({ lastScheduledAt: input.now }).where(eq(sapImportSettings.clientId, d.clientId));
    await queueSapImport(deps, { clientId: d.clientId });
  }
  return due.map((d) => d.clientId);
}
