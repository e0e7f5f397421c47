import type { RespondentMetrics } from '@hh/contract/crm';
import { messages } from '@hh/contract/messages';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/app-error.ts';
import { dayIn, dayOf, inPeriod, reportFor, zoneOf } from '../../reports/index.ts';
import { getStatuses } from '../pipeline.ts';
import { alertActivity } from './alert-activity.ts';
import { firstResponse } from './first-response.ts';

const DAY = 86_400_000;
/** The longest period one call covers: two years of days keeps every chart readable and every query bounded. */
export const MAX_PERIOD_DAYS = 731;

/** The period as YYYY-MM-DD, both ends included; the default is the last 30 days up to today in `timeZone`. */
export function metricsPeriod(from?: string, to?: string, now = new Date(), timeZone = 'UTC') {
  const end = to ?? dayIn(now, timeZone);
  const start = from ?? new Date(Date.parse(end) - 29 * DAY).toISOString().slice(0, 10);
  if (start > end || (Date.parse(end) - Date.parse(start)) / DAY + 1 > MAX_PERIOD_DAYS)
    throw badRequest('respondentMetrics', messages.recruiting.respondentMetricsError);
  return { start, end };
}

/**
 * `GET api/respondent-metrics`: the candidates of a client in a period (the growth and alert
 * metrics screens, and the funnel on Home): totals, by source and status, new candidates per day
 * by source, the funnel in the client's pipeline order, time to first response (median and p90)
 * and the alerts' matches. Every query is scoped by client_id. The days are the client's time zone's
 * (as in reports/), and the applications count is the reports' one definition.
 */
export async function respondentMetrics(db: Db, client: { id: string; timeZone: string | null }, from?: string, to?: string): Promise<RespondentMetrics> {
  const clientId = client.id;
  const timeZone = zoneOf(undefined, client.timeZone);
  const { start, end } = metricsPeriod(from, to, new Date(), timeZone);
  const days = { from: start, to: end, timeZone };
  const period = inPeriod(sql`created_at`, days);
  const live = sql`client_id = ${clientId} AND merged_into IS NULL`;
  const [totals, bySource, byStatus, perDay, apps, funnel, statuses, response, alerts] = await Promise.all([
    db.execute<{ total: number; fresh: number }>(
      sql`SELECT count(*)::int AS total, count(*) FILTER (WHERE ${period})::int AS fresh FROM candidates WHERE ${live}`,
    ),
    db.execute<{ value: string; count: number }>(
      sql`SELECT source AS value, count(*)::int AS count FROM candidates WHERE ${live} AND ${period} GROUP BY 1 ORDER BY 2 DESC, 1`,
    ),
    db.execute<{ value: string; count: number }>(
      sql`SELECT status AS value, count(*)::int AS count FROM candidates WHERE ${live} GROUP BY 1 ORDER BY 2 DESC, 1`,
    ),
    db.execute<{ date: string; source: string; count: number }>(
      sql`SELECT ${dayOf(sql`created_at`, timeZone)} AS date, source, count(*)::int AS count
            FROM candidates WHERE ${live} AND ${period} GROUP BY 1, 2 ORDER BY 1, 2`,
    ),
    reportFor({ db }, { client, metric: 'applications', from: start, to: end }),
    db.execute<{ status: string; count: number }>(sql`SELECT status, count(*)::int AS count FROM candidates WHERE ${live} AND ${period} GROUP BY 1`),
    getStatuses(db, clientId),
    firstResponse(db, clientId, days),
    alertActivity(db, clientId, start, end),
  ]);
  const counts = new Map(funnel.rows.map((r) => [r.status, r.count]));
  const outside = funnel.rows.filter((r) => !statuses.includes(r.status)).sort((a, b) => b.count - a.count || a.status.localeCompare(b.status));
  return {
    total: totals.rows[0].total,
    newInPeriod: totals.rows[0].fresh,
    applications: apps.count,
    bySource: bySource.rows,
    byStatus: byStatus.rows,
    perDay: perDay.rows,
    medianHoursToFirstResponse: response.medianHours,
    from: start,
    to: end,
    funnel: [
      ...statuses.map((status) => ({ status, count: counts.get(status) ?? 0, inPipeline: true })),
      ...outside.map((r) => ({ status: r.status, count: r.count, inPipeline: false })),
    ],
    firstResponse: response,
    alerts: alerts.alerts,
    alertMatchesPerDay: alerts.perDay,
  };
}
