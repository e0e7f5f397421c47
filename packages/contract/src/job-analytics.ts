import { z } from 'zod';
import { id } from './common.ts';
import { defineRoute } from './route.ts';
import { errors, jobTags } from './shared.ts';

// ---------- Dashboard ----------

export const dashboardQuery = z.object({ clientId: id, days: z.coerce.number().int().min(1).max(365).default(30) });
export const dashboardReply = z.object({
  days: z.array(
    z.object({ date: z.string(), jobsPosted: z.number().int(), views: z.number().int(), searches: z.number().int(), applications: z.number().int() }),
  ),
  totals: z.object({ openJobs: z.number().int(), views: z.number().int(), searches: z.number().int(), applications: z.number().int() }),
});

/** The jobs dashboard and the analytics report (apps/server/src/job-analytics/). */
export const jobAnalyticsRoutes = {
  dashboard: defineRoute({ method: 'GET', path: '/api/jobs/dashboard', query: dashboardQuery, status: 200, reply: dashboardReply, errors, tags: jobTags }),
  // Core spec §7 "POST api/analytics (query)": the analytics report, the query in the body.
  analytics: defineRoute({ method: 'POST', path: '/api/analytics', body: dashboardQuery, status: 200, reply: dashboardReply, errors, tags: jobTags }),
};
