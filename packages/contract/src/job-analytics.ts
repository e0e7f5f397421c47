import { dashboardQuery, dashboardReply, errors, jobTags } from './jobs.ts';
import { defineRoute } from './route.ts';

/** The jobs dashboard and the analytics report (apps/server/src/job-analytics/). */
export const jobAnalyticsRoutes = {
  dashboard: defineRoute({ method: 'GET', path: '/api/jobs/dashboard', query: dashboardQuery, status: 200, reply: dashboardReply, errors, tags: jobTags }),
  // Core spec §7 "POST api/analytics (query)": the analytics report, the query in the body.
  analytics: defineRoute({ method: 'POST', path: '/api/analytics', body: dashboardQuery, status: 200, reply: dashboardReply, errors, tags: jobTags }),
};
