import { type SQL, sql } from 'drizzle-orm';
import { dayOf, daysOf, inPeriod, type ReportScope } from '../period.ts';
import { forJob, type MetricDefinition } from './definition.ts';

/**
 * A candidate's first application to the client (ties broken by id): each candidate has exactly
 * one, so counting these rows counts candidates. With a job, only candidates whose first
 * application was to that job.
 */
function firstApplications(s: ReportScope, period: Pick<ReportScope, 'from' | 'to' | 'timeZone'>): SQL {
  return sql`SELECT a.id, a.created_at FROM applications a
              WHERE a.client_id = ${s.clientId}${forJob(sql`a.job_id`, s)} AND ${inPeriod(sql`a.created_at`, period)}
                AND NOT EXISTS (SELECT 1 FROM applications b
                                 WHERE b.client_id = a.client_id AND b.candidate_id = a.candidate_id
                                   AND (b.created_at < a.created_at OR (b.created_at = a.created_at AND b.id < a.id)))`;
}

/** New applicants: distinct candidates whose first application to the client arrived in the period, by that day. */
export const newApplicantsMetric: MetricDefinition = {
  unit: 'candidates',
  byDay: true,
  async figures(db, s) {
    const r = await db.execute<{ day: string; n: number }>(sql`
      SELECT ${dayOf(sql`f.created_at`, s.timeZone)} AS day, count(*)::int AS n FROM (${firstApplications(s, s)}) f GROUP BY 1`);
    const per = new Map(r.rows.map((x) => [x.day, x.n]));
    const rows = daysOf(s.from, s.to).map((d) => ({ key: d, label: d, count: per.get(d) ?? 0, value: per.get(d) ?? 0 }));
    const total = rows.reduce((a, x) => a + x.count, 0);
    return { value: total, count: total, rows };
  },
  applications(s, key) {
    return sql`SELECT f.id AS app_id, NULL::float8 AS days FROM (${firstApplications(s, key ? { ...s, from: key, to: key } : s)}) f`;
  },
};
