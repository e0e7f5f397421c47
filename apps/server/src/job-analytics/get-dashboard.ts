import type { jobAnalyticsRoutes as r } from '@hh/contract/job-analytics';
import { sql } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Db } from '../db/client.ts';
import type { Operation } from '../core/operation.ts';

/** Daily jobs posted, job views, searches and applications for /harvest/dashboard (first-party events). */
async function dashboardOf(db: Db, clientId: string, days: number) {
  const r = await db.execute<{ date: string; posted: number; views: number; searches: number; applications: number }>(sql`
    WITH d AS (SELECT generate_series((now() AT TIME ZONE 'UTC')::date - (${days}::int - 1), (now() AT TIME ZONE 'UTC')::date, '1 day')::date AS day),
    e AS (
      SELECT (created_at AT TIME ZONE 'UTC')::date AS day, type, count(*)::int AS n FROM site_events
       WHERE client_id = ${clientId} AND created_at >= now() - make_interval(days => ${days}::int) GROUP BY 1, 2
    ),
    p AS (
      SELECT (date_posted AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n FROM jobs
       WHERE client_id = ${clientId} AND date_posted >= now() - make_interval(days => ${days}::int) GROUP BY 1
    )
    SELECT to_char(d.day, 'YYYY-MM-DD') AS date,
           coalesce((SELECT n FROM p WHERE p.day = d.day), 0) AS posted,
           coalesce((SELECT n FROM e WHERE e.day = d.day AND type = 'job_view'), 0) AS views,
           coalesce((SELECT n FROM e WHERE e.day = d.day AND type = 'search'), 0) AS searches,
           coalesce((SELECT n FROM e WHERE e.day = d.day AND type = 'application'), 0) AS applications
      FROM d ORDER BY d.day`);
  const open = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM jobs WHERE client_id = ${clientId} AND status = 'open'`);
  const days_ = r.rows.map((x) => ({ date: x.date, jobsPosted: x.posted, views: x.views, searches: x.searches, applications: x.applications }));
  const sum = (k: 'views' | 'searches' | 'applications') => days_.reduce((a, x) => a + x[k], 0);
  return { days: days_, totals: { openJobs: open.rows[0].n, views: sum('views'), searches: sum('searches'), applications: sum('applications') } };
}

export const getDashboard: Operation<typeof r.dashboard, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId);
  return dashboardOf(deps.db, client.id, input.days);
};

/** Core spec §7 "POST api/analytics (query)": the same report, the query in the body. */
export const getAnalytics: Operation<typeof r.analytics, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId);
  return dashboardOf(deps.db, client.id, input.days);
};
