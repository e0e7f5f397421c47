import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dayOf, daysOf, inPeriod } from '../period.ts';
import { forJob, type MetricDefinition } from './definition.ts';

/**
 * Applications: every application the client received in the period (from any source: career
 * site, Indeed Apply, import, added by hand), by the day it arrived in the report's time zone.
 * Home, the dashboard and candidate growth count applications with this definition.
 */
export const applicationsMetric: MetricDefinition = {
  unit: 'applications',
  byDay: true,
  async figures(db, s) {
    const r = await db.execute<{ day: string; n: number }>(sql`
      SELECT ${dayOf(sql`a.created_at`, s.timeZone)} AS day, count(*)::int AS n
        FROM applications a
       WHERE a.client_id = ${s.clientId}${forJob(sql`a.job_id`, s)} AND ${inPeriod(sql`a.created_at`, s)}
       GROUP BY 1`);
    const per = new Map(r.rows.map((x) => [x.day, x.n]));
    const rows = daysOf(s.from, s.to).map((d) => ({ key: d, label: d, count: per.get(d) ?? 0, value: per.get(d) ?? 0 }));
    const total = rows.reduce((a, x) => a + x.count, 0);
    return { value: total, count: total, rows };
  },
  applications(s, key) {
    const period = key ? { ...s, from: key, to: key } : s;
    return sql`SELECT a.id AS app_id, NULL::float8 AS days FROM applications a
                WHERE a.client_id = ${s.clientId}${forJob(sql`a.job_id`, s)} AND ${inPeriod(sql`a.created_at`, period)}`;
  },
};

/**
 * Applications received between two instants (Home's "since your last visit"): the same count as
 * the metric, for a period that is not whole days.
 */
export async function countApplications(deps: { db: Db }, input: { clientId: string; since: Date; until?: Date }): Promise<number> {
  const until = input.until ?? new Date();
  const r = await deps.db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM applications a
     WHERE a.client_id = ${input.clientId} AND a.created_at >= ${input.since.toISOString()}::timestamptz AND a.created_at < ${until.toISOString()}::timestamptz`);
  return r.rows[0].n;
}
