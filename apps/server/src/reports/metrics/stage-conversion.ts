import { type SQL, sql } from 'drizzle-orm';
import { inPeriod, type ReportScope } from '../period.ts';
import { forJob, KINDS, kindLabel, kindOrder, type MetricDefinition, share } from './definition.ts';

/**
 * The stages each application of the cohort (applications received in the period) has been in:
 * its job's first stage (every application enters the pipeline there), its stage now, and every
 * stage a recorded move took it from or to. `grp` is the stage (one job) or the stage's kind
 * (several jobs: their stages differ, their kinds do not); `pos` the stage's place in its job.
 */
export function stageVisits(s: ReportScope): SQL {
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
 * The same visits, counted by kind of path instead of one application at a time (the figures). Two
 * applications of one job now in one stage whose recorded moves touched the same stages have been in
 * the same stages: the cohort is grouped by (job, stage now, the sorted stages of its moves), and the
 * visits are worked out once per group, weighted by its size. A year of 120,000 applications at 1M
 * candidates makes a few hundred groups where stageVisits() makes 240,000 rows, sorted and grouped twice
 * (5 s under load, bench/pipeline). The last row, without a stage, is the cohort's size. Each group's rows are exactly those stageVisits() gives each of its applications
 * (stage-conversion.test.ts compares both on random pipelines).
 */
export function stageConversionCounts(s: ReportScope): SQL {
  const grp = s.jobId ? sql.raw('st.id::text') : sql.raw('st.kind');
  const cohort = (a: string) => sql`${sql.raw(a)}.client_id = ${s.clientId}${forJob(sql.raw(`${a}.job_id`), s)} AND ${inPeriod(sql.raw(`${a}.created_at`), s)}`;
  // The cohort is read once, where it is grouped (a CTE read twice is written out first: 120,000 rows).
  return sql`
    WITH firsts AS (SELECT DISTINCT ON (f.job_id) f.job_id, f.id FROM job_stages f
                WHERE f.client_id = ${s.clientId}${forJob(sql`f.job_id`, s)} ORDER BY f.job_id, f.position),
    -- The stages the moves of each application of the cohort took it from or to, sorted, each once.
    ev AS (SELECT e.application_id AS app, array_agg(DISTINCT x.stage ORDER BY x.stage) AS stages
             FROM application_stage_events e JOIN applications b ON b.client_id = e.client_id AND b.id = e.application_id
             CROSS JOIN LATERAL (VALUES (e.from_stage_id), (e.to_stage_id)) x (stage)
            WHERE e.client_id = ${s.clientId} AND x.stage IS NOT NULL AND ${cohort('b')}
            GROUP BY e.application_id),
    g AS (SELECT row_number() OVER () AS gid, k.* FROM (
            SELECT a.job_id, a.stage_id, ev.stages, count(*) AS n FROM applications a LEFT JOIN ev ON ev.app = a.id
             WHERE ${cohort('a')} GROUP BY 1, 2, 3) k),
    v AS (
      SELECT g.gid, g.stage_id AS stage FROM g WHERE g.stage_id IS NOT NULL
      UNION ALL SELECT g.gid, u.stage FROM g CROSS JOIN LATERAL unnest(g.stages) u (stage)
      UNION ALL SELECT g.gid, f.id FROM g JOIN firsts f ON f.job_id = g.job_id
    ),
    vs AS (SELECT v.gid, ${grp} AS grp, max(st.position) AS pos FROM v JOIN job_stages st ON st.client_id = ${s.clientId} AND st.id = v.stage GROUP BY 1, 2),
    top AS (SELECT gid, max(pos) AS pos FROM vs GROUP BY gid)
    SELECT vs.grp, sum(g.n)::int AS entered, coalesce(sum(g.n) FILTER (WHERE top.pos > vs.pos), 0)::int AS moved
      FROM vs JOIN top USING (gid) JOIN g USING (gid) GROUP BY vs.grp
    -- The cohort's size (applications in no stage included): a row without a stage.
    UNION ALL SELECT NULL, coalesce(sum(g.n), 0)::int, 0 FROM g`;
}

/**
 * Stage conversion: of the applications received in the period, how many reached each stage and,
 * of those, how many reached a later one (moved on); conversion is moved on / reached. An
 * application that skipped a stage is not counted in it.
 */
export const stageConversionMetric: MetricDefinition = {
  unit: 'applications',
  async figures(db, s) {
    const [counts, stages] = await Promise.all([
      db.execute<{ grp: string | null; entered: number; moved: number }>(stageConversionCounts(s)),
      s.jobId
        ? db.execute<{ id: string; name: string }>(
            sql`SELECT id::text, name FROM job_stages WHERE client_id = ${s.clientId} AND job_id = ${s.jobId} ORDER BY position`,
          )
        : Promise.resolve(null),
    ]);
    const cohort = counts.rows.find((x) => x.grp === null)?.entered ?? 0;
    const got = new Map(counts.rows.flatMap((x) => (x.grp === null ? [] : [[x.grp, x] as const])));
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
    return { value: cohort, count: cohort, rows };
  },
  applications(s, key, part) {
    if (!key)
      return sql`SELECT a.id AS app_id, NULL::float8 AS days FROM applications a
                  WHERE a.client_id = ${s.clientId}${forJob(sql`a.job_id`, s)} AND ${inPeriod(sql`a.created_at`, s)}`;
    return sql`SELECT x.app AS app_id, NULL::float8 AS days FROM (${stageVisits(s)}) x
                WHERE x.grp = ${key}${part === 'movedOn' ? sql` AND x.moved_on` : sql``}`;
  },
};
