import { type SQL, sql } from 'drizzle-orm';
import { inPeriod, type ReportScope } from '../period.ts';
import { days1, forJob, KINDS, kindLabel, type MetricDefinition } from './definition.ts';

/**
 * Stays that ended in the period: each recorded move out of a stage, with the days since the
 * application entered that stage (the latest earlier move into it; for the job's first stage
 * without one, the application's arrival). A stay whose start is unknown (an application placed
 * in a later stage before moves were recorded) is left out rather than guessed. Each subquery names
 * the client itself (not through the outer row), so a Citus cluster plans the whole read on one shard.
 */
function stays(s: ReportScope): SQL {
  const grp = s.jobId ? sql.raw('st.id::text') : sql.raw('st.kind');
  return sql`
    SELECT x.app_id, x.grp, extract(epoch FROM x.left_at - x.entered_at) / 86400 AS days FROM (
      SELECT e.application_id AS app_id, ${grp} AS grp, e.at AS left_at,
             coalesce(
               (SELECT max(p.at) FROM application_stage_events p
                 WHERE p.client_id = ${s.clientId} AND p.application_id = e.application_id AND p.to_stage_id = e.from_stage_id
                   AND p.at <= e.at AND p.id <> e.id),
               CASE WHEN st.position = (SELECT min(f.position) FROM job_stages f WHERE f.client_id = ${s.clientId} AND f.job_id = st.job_id)
                    THEN a.created_at END) AS entered_at
        FROM application_stage_events e
        JOIN job_stages st ON st.client_id = e.client_id AND st.id = e.from_stage_id
        JOIN applications a ON a.client_id = e.client_id AND a.id = e.application_id
       WHERE e.client_id = ${s.clientId}${forJob(sql`e.job_id`, s)} AND ${inPeriod(sql`e.at`, s)}
         AND e.to_stage_id IS NOT NULL AND e.to_stage_id <> e.from_stage_id
    ) x WHERE x.entered_at IS NOT NULL`;
}

/** Time in stage: the median days an application spent in each stage, over the stays that ended in the period. */
export const timeInStageMetric: MetricDefinition = {
  unit: 'days',
  async figures(db, s) {
    const [r, stages] = await Promise.all([
      db.execute<{ grp: string | null; n: number; median: number | null }>(sql`
        SELECT grp, count(*)::int AS n, percentile_cont(0.5) WITHIN GROUP (ORDER BY days) AS median
          FROM (${stays(s)}) y GROUP BY GROUPING SETS ((grp), ())`),
      s.jobId
        ? db.execute<{ id: string; name: string }>(
            sql`SELECT id::text, name FROM job_stages WHERE client_id = ${s.clientId} AND job_id = ${s.jobId} ORDER BY position`,
          )
        : Promise.resolve(null),
    ]);
    const all = r.rows.find((x) => x.grp === null);
    const got = new Map(r.rows.filter((x) => x.grp !== null).map((x) => [x.grp as string, x]));
    const order = stages
      ? stages.rows.map((x) => ({ key: x.id, label: x.name }))
      : KINDS.filter(([k]) => k !== 'hired').map(([k]) => ({ key: k, label: kindLabel(k) }));
    const rows = order
      .filter((o) => stages || got.has(o.key) || o.key !== 'other')
      .map((o) => ({ key: o.key, label: o.label, count: got.get(o.key)?.n ?? 0, value: days1(got.get(o.key)?.median) }));
    return { value: days1(all?.median), count: all?.n ?? 0, rows };
  },
  applications(s, key) {
    return sql`SELECT y.app_id, y.days FROM (${stays(s)}) y${key ? sql` WHERE y.grp = ${key}` : sql``}`;
  },
};
