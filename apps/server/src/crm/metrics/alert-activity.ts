import type { Alert } from '@hh/contract/crm';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { candidateAlerts } from '../../db/schema/candidates.ts';
import { AppError } from '../../lib/app-error.ts';
import { candidateFilters } from '../search/search-candidates.ts';

type AlertFilters = Alert['filters'];

/** The alerts shown on /crm-alerts-metrics: the newest saved searches, active ones first. */
const MAX_ALERTS = 25;

/**
 * Alert activity in a period: each saved-search alert of the client (alerts about one candidate
 * are reminders, not searches) with how many candidates who arrived in the period it matches, by
 * the same search the candidate list runs, and per day how many candidates at least one active
 * alert matched.
 */
export async function alertActivity(db: Db, clientId: string, start: string, end: string) {
  const rows = await db
    .select()
    .from(candidateAlerts)
    .where(and(eq(candidateAlerts.clientId, clientId), isNull(candidateAlerts.candidateId)))
    .orderBy(desc(candidateAlerts.active), desc(candidateAlerts.createdAt))
    .limit(MAX_ALERTS);
  const alerts: Array<{ _id: string; name: string; active: boolean; frequency: string; matched: number | null }> = [];
  const activeWheres = [];
  for (const a of rows) {
    let where: Awaited<ReturnType<typeof candidateFilters>>['where'];
    try {
      ({ where } = await candidateFilters(db, clientId, null, {
        ...(a.filters as AlertFilters),
        searchQuery: a.searchQuery || undefined,
        createdFrom: start,
        createdTo: end,
      }));
    } catch (err) {
      // A saved filter that no longer applies (a zip code the gazetteer lost): shown as "cannot run", not a failed screen.
      if (!(err instanceof AppError) || err.status !== 400) throw err;
      alerts.push({ _id: a.id, name: a.name, active: a.active, frequency: a.frequency, matched: null });
      continue;
    }
    const n = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM candidates WHERE ${where}`);
    alerts.push({ _id: a.id, name: a.name, active: a.active, frequency: a.frequency, matched: n.rows[0].n });
    if (a.active) activeWheres.push(sql`(${where})`);
  }
  if (!activeWheres.length) return { alerts, perDay: [] };
  const perDay = await db.execute<{ date: string; count: number }>(sql`
    SELECT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS date, count(*)::int AS count
      FROM candidates WHERE ${sql.join(activeWheres, sql` OR `)} GROUP BY 1 ORDER BY 1`);
  return { alerts, perDay: perDay.rows };
}
