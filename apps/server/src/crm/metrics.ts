import { sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { accessibleClientIds } from '../auth/access.ts';
import type { Db } from '../db/client.ts';
import { hasCandidateRight, loadCandidateClient } from './access.ts';
import { pgUuidArray } from './serialize.ts';

/**
 * `GET api/respondent-metrics`: candidates of a client in a period (default the last 30 days):
 * totals, by source and status, new candidates per day by source, and the median time from an
 * application to the first recruiter action on its candidate (the first-response time).
 */
export async function respondentMetrics(db: Db, clientId: string, from?: string, to?: string) {
  const start = from ?? new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
  const end = to ?? new Date().toISOString().slice(0, 10);
  const period = sql`created_at >= ${start}::date AND created_at < ${end}::date + 1`;
  const [totals, bySource, byStatus, perDay, apps, response] = await Promise.all([
    db.execute<{ total: number; fresh: number }>(
      sql`SELECT count(*)::int AS total, count(*) FILTER (WHERE ${period})::int AS fresh FROM candidates WHERE client_id = ${clientId} AND merged_into IS NULL`,
    ),
    db.execute<{ value: string; count: number }>(
      sql`SELECT source AS value, count(*)::int AS count FROM candidates WHERE client_id = ${clientId} AND merged_into IS NULL AND ${period} GROUP BY 1 ORDER BY 2 DESC`,
    ),
    db.execute<{ value: string; count: number }>(
      sql`SELECT status AS value, count(*)::int AS count FROM candidates WHERE client_id = ${clientId} AND merged_into IS NULL GROUP BY 1 ORDER BY 2 DESC`,
    ),
    db.execute<{ date: string; source: string; count: number }>(
      sql`SELECT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS date, source, count(*)::int AS count
            FROM candidates WHERE client_id = ${clientId} AND merged_into IS NULL AND ${period} GROUP BY 1, 2 ORDER BY 1, 2`,
    ),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM applications WHERE client_id = ${clientId} AND ${period}`),
    db.execute<{ h: number | null }>(sql`
      SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM first.at - a.created_at) / 3600)::float8 AS h
        FROM applications a
        CROSS JOIN LATERAL (SELECT min(e.created_at) AS at FROM candidate_events e
                             WHERE e.client_id = a.client_id AND e.candidate_id = a.candidate_id AND e.actor_id IS NOT NULL AND e.created_at >= a.created_at
                               AND e.type <> 'viewed') first
       WHERE a.client_id = ${clientId} AND a.source <> 'recruiter' AND first.at IS NOT NULL AND a.created_at >= ${start}::date AND a.created_at < ${end}::date + 1`),
  ]);
  const h = response.rows[0]?.h;
  return {
    total: totals.rows[0].total,
    newInPeriod: totals.rows[0].fresh,
    applications: apps.rows[0].n,
    bySource: bySource.rows,
    byStatus: byStatus.rows,
    perDay: perDay.rows,
    medianHoursToFirstResponse: h === null || h === undefined ? null : Math.round(Number(h) * 10) / 10,
  };
}

/**
 * `GET api/candidates/applicant-count` (optional clientId): applications in total and new (not yet
 * opened by a recruiter), per job, over the client given or every client the caller may see.
 */
export async function applicantCount(db: Db, actor: Actor, clientId?: string) {
  let scope: string[] | null;
  if (clientId) {
    await loadCandidateClient(db, actor, clientId);
    scope = [clientId];
  } else {
    if (!hasCandidateRight(actor)) return { total: 0, new: 0, jobs: [] };
    scope = await accessibleClientIds(db, actor);
  }
  if (scope && !scope.length) return { total: 0, new: 0, jobs: [] };
  const where = scope ? sql`client_id = ANY(${pgUuidArray(scope)}::uuid[])` : sql`true`;
  const r = await db.execute<{ job_id: string; total: number; fresh: number }>(
    sql`SELECT job_id, count(*)::int AS total, count(*) FILTER (WHERE status = 'new')::int AS fresh FROM applications WHERE ${where} GROUP BY job_id`,
  );
  const jobs = r.rows.map((x) => ({ jobId: x.job_id, total: x.total, new: x.fresh }));
  return { total: jobs.reduce((a, j) => a + j.total, 0), new: jobs.reduce((a, j) => a + j.new, 0), jobs };
}

/** `GET /api/crm/candidates/requisitions`: the client's jobs with how many candidates each has (the assigned-jobs filter). */
export async function candidateRequisitions(db: Db, clientId: string) {
  const r = await db.execute<{ id: string; title: string; reference_number: string | null; status: string; n: number }>(sql`
    SELECT j.id, j.title, j.reference_number, j.status,
           (SELECT count(DISTINCT a.candidate_id)::int FROM applications a WHERE a.client_id = j.client_id AND a.job_id = j.id) AS n
      FROM jobs j WHERE j.client_id = ${clientId} ORDER BY (j.status = 'open') DESC, j.date_posted DESC LIMIT 1000`);
  return r.rows.map((x) => ({ _id: x.id, title: x.title, referenceNumber: x.reference_number, status: x.status, candidates: x.n }));
}
