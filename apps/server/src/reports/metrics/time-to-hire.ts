import { sql } from 'drizzle-orm';
import { hires } from './hires.ts';
import { days1, jobLabelSql, type MetricDefinition } from './definition.ts';

/** Time to hire: the median days from application to Hired, over the hires in the period; a row per job. */
export const timeToHireMetric: MetricDefinition = {
  unit: 'days',
  async figures(db, s) {
    const r = await db.execute<{ job_id: string | null; label: string | null; n: number; median: number | null }>(sql`
      SELECT y.job_id::text AS job_id, min(${jobLabelSql('j')}) AS label, count(*)::int AS n,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY y.days) AS median
        FROM (${hires(s)}) y LEFT JOIN jobs j ON j.client_id = ${s.clientId} AND j.id = y.job_id
       GROUP BY GROUPING SETS ((y.job_id), ())`);
    const all = r.rows.find((x) => x.job_id === null);
    const rows = r.rows
      .filter((x) => x.job_id !== null)
      .map((x) => ({ key: x.job_id as string, label: x.label ?? '', count: x.n, value: days1(x.median) }))
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
    return { value: days1(all?.median), count: all?.n ?? 0, rows };
  },
  applications(s, key) {
    return sql`SELECT y.app_id, y.days FROM (${hires(s)}) y${key ? sql` WHERE y.job_id::text = ${key}` : sql``}`;
  },
};
