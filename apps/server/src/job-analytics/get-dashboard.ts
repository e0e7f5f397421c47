import type { jobAnalyticsRoutes as r } from '@hh/contract/job-analytics';
import { sql } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import type { Db } from '../db/client.ts';
import { dayOf, inPeriod, lastDays, reportFor } from '../reports/index.ts';

/**
 * Daily jobs posted, job views, searches and applications for /harvest/dashboard, over the last
 * `days` days up to today in the client's time zone. Views and searches are first-party career-site
 * events; applications are the reports' one definition (every application received, from any
 * source), so the dashboard, Home and /reports give the same number for the same days.
 */
async function dashboardOf(db: Db, client: { id: string; timeZone: string | null }, days: number) {
  const apps = await reportFor({ db }, { client, metric: 'applications', days });
  const period = lastDays(days, apps.timeZone);
  const [events, posted, open] = await Promise.all([
    db.execute<{ day: string; type: string; n: number }>(sql`
      SELECT ${dayOf(sql`created_at`, period.timeZone)} AS day, type, sum(n)::int AS n FROM site_events
       WHERE client_id = ${client.id} AND type IN ('job_view', 'search') AND ${inPeriod(sql`created_at`, period)} GROUP BY 1, 2`),
    db.execute<{ day: string; n: number }>(sql`
      SELECT ${dayOf(sql`date_posted`, period.timeZone)} AS day, count(*)::int AS n FROM jobs
       WHERE client_id = ${client.id} AND ${inPeriod(sql`date_posted`, period)} GROUP BY 1`),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM jobs WHERE client_id = ${client.id} AND status = 'open'`),
  ]);
  const ev = new Map(events.rows.map((x) => [`${x.day} ${x.type}`, x.n]));
  const po = new Map(posted.rows.map((x) => [x.day, x.n]));
  const days_ = apps.rows.map((x) => ({
    date: x.key,
    jobsPosted: po.get(x.key) ?? 0,
    views: ev.get(`${x.key} job_view`) ?? 0,
    searches: ev.get(`${x.key} search`) ?? 0,
    applications: x.count,
  }));
  const sum = (k: 'views' | 'searches') => days_.reduce((a, x) => a + x[k], 0);
  return { days: days_, totals: { openJobs: open.rows[0].n, views: sum('views'), searches: sum('searches'), applications: apps.count } };
}

export const getDashboard: Operation<typeof r.dashboard, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId);
  return dashboardOf(deps.db, client, input.days);
};

/** Core spec §7 "POST api/analytics (query)": the same report, the query in the body. */
export const getAnalytics: Operation<typeof r.analytics, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId);
  return dashboardOf(deps.db, client, input.days);
};
