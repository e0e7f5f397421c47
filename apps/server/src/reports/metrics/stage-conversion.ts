import { type SQL, sql } from 'drizzle-orm';
import { inPeriod, type ReportScope } from '../period.ts';
import { forJob, KINDS, kindLabel, kindOrder, type MetricDefinition, share } from './definition.ts';

/**
 * The stages each application of the cohort (applications received in the period) has been in:
 * its job's first stage (every application enters the pipeline there), its stage now, and every
 * stage a recorded move took it from or to. `grp` is the stage (one job) or the stage's kind
 * (several jobs: their stages differ, their kinds do not); `pos` the stage's place in its job.
 */
function visits(s: ReportScope): SQL {
  const grp = s.jobId ? sql.raw('st.id::text') : sql.raw('st.kind');
  return sql`
    WITH c AS (SELECT a.id, a.job_id, a.stage_id FROM applications a
                WHERE a.client_id = ${s.clientId}${forJob(sql`a.job_id`, s)} AND ${inPeriod(sql`a.created_at`, s)}),
    -- Each job's first stage, found once per job (not once per application: 120,000 lookups a year at 1M candidates).
    firsts AS (SELECT DISTINCT ON (f.job_id) f.job_id, f.id FROM job_stages f
                WHERE f.client_id = ${s.clientId}${forJob(sql`f.job_id`, s)} ORDER BY f.job_id, f.position),
    v AS (
      -- UNION ALL: a visit listed twice is folded by the GROUP BY of vs, without sorting every visit first.
      SELECT c.id AS app, c.stage_id AS stage FROM c WHERE c.stage_id IS NOT NULL
      UNION ALL SELECT c.id, e.from_stage_id FROM c JOIN application_stage_events e ON e.client_id = ${s.clientId} AND e.application_id = c.id WHERE e.from_stage_id IS NOT NULL
      UNION ALL SELECT c.id, e.to_stage_id FROM c JOIN application_stage_events e ON e.client_id = ${s.clientId} AND e.application_id = c.id WHERE e.to_stage_id IS NOT NULL
      UNION ALL SELECT c.id, f.id FROM c JOIN firsts f ON f.job_id = c.job_id
    ),
    vs AS (SELECT v.app, ${grp} AS grp, max(st.position) AS pos FROM v JOIN job_stages st ON st.client_id = ${s.clientId} AND st.id = v.stage GROUP BY 1, 2),
    top AS (SELECT app, max(pos) AS pos FROM vs GROUP BY app)
    SELECT vs.app, vs.grp, vs.pos, top.pos > vs.pos AS moved_on FROM vs JOIN top USING (app)`;
}

/**
 * Stage conversion: of the applications received in the period, how many reached each stage and,
 * of those, how many reached a later one (moved on); conversion is moved on / reached. An
 * application that skipped a stage is not counted in it.
 */
export const stageConversionMetric: MetricDefinition = {
  unit: 'applications',
  async figures(db, s) {
    const [r, cohort, stages] = await Promise.all([
      db.execute<{ grp: string; entered: number; moved: number }>(sql`
        SELECT grp, count(*)::int AS entered, count(*) FILTER (WHERE moved_on)::int AS moved FROM (${visits(s)}) x GROUP BY grp`),
      db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM applications a
                                     WHERE a.client_id = ${s.clientId}${forJob(sql`a.job_id`, s)} AND ${inPeriod(sql`a.created_at`, s)}`),
      s.jobId
        ? db.execute<{ id: string; name: string }>(
            sql`SELECT id::text, name FROM job_stages WHERE client_id = ${s.clientId} AND job_id = ${s.jobId} ORDER BY position`,
          )
        : Promise.resolve(null),
    ]);
    const got = new Map(r.rows.map((x) => [x.grp, x]));
    // One job: each of its stages in order, reached or not. Several: the kinds any application reached.
    const order = stages
      ? stages.rows.map((x) => ({ key: x.id, label: x.name }))
      : KINDS.filter(([k]) => got.has(k) || k !== 'other').map(([k]) => ({ key: k, label: kindLabel(k) }));
    const rows = order
      .sort((a, b) => (stages ? 0 : kindOrder(a.key) - kindOrder(b.key)))
      .map((o) => {
        const x = got.get(o.key);
        return { key: o.key, label: o.label, count: x?.entered ?? 0, movedOn: x?.moved ?? 0, value: share(x?.moved ?? 0, x?.entered ?? 0) };
      });
    return { value: cohort.rows[0].n, count: cohort.rows[0].n, rows };
  },
  applications(s, key, part) {
    if (!key)
      return sql`SELECT a.id AS app_id, NULL::float8 AS days FROM applications a
                  WHERE a.client_id = ${s.clientId}${forJob(sql`a.job_id`, s)} AND ${inPeriod(sql`a.created_at`, s)}`;
    return sql`SELECT x.app AS app_id, NULL::float8 AS days FROM (${visits(s)}) x
                WHERE x.grp = ${key}${part === 'movedOn' ? sql` AND x.moved_on` : sql``}`;
  },
};
