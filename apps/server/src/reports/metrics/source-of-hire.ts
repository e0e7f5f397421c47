import { sql } from 'drizzle-orm';
import { hires } from './hires.ts';
import { type MetricDefinition, share } from './definition.ts';

/** Source of hire: the hires in the period by the source of the application (career site, Indeed, referral, …). */
export const sourceOfHireMetric: MetricDefinition = {
  unit: 'applications',
  async figures(db, s) {
    const r = await db.execute<{ source: string; n: number }>(sql`
      SELECT y.source, count(*)::int AS n FROM (${hires(s)}) y GROUP BY 1 ORDER BY 2 DESC, 1`);
    const total = r.rows.reduce((a, x) => a + x.n, 0);
    const rows = r.rows.map((x) => ({ key: x.source, label: x.source, count: x.n, value: share(x.n, total) }));
    return { value: total, count: total, rows };
  },
  applications(s, key) {
    return sql`SELECT y.app_id, NULL::float8 AS days FROM (${hires(s)}) y${key ? sql` WHERE y.source = ${key}` : sql``}`;
  },
};
