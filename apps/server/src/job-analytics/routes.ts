import { jobRoutes as r } from '@hh/contract/jobs';
import type { FastifyInstance } from 'fastify';
import { loadAccessibleClient } from '../auth/access.ts';
import { actorOf } from '../plugins/auth.ts';
import { legacyRoute } from '../plugins/route.ts';
import { getDashboard } from './get-dashboard.ts';

/** The career-site analytics of /harvest/dashboard: daily jobs posted, views, searches and applications. */
export default async function jobAnalyticsRoutes(app: FastifyInstance) {
  legacyRoute(app, r.dashboard, async (req) => {
    const client = await loadAccessibleClient(app.db, actorOf(req), req.query.clientId);
    return getDashboard(app.db, client.id, req.query.days);
  });

  // Core spec §7 "POST api/analytics (query)": the analytics report, the query in the body.
  legacyRoute(app, r.analytics, async (req) => {
    const client = await loadAccessibleClient(app.db, actorOf(req), req.body.clientId);
    return getDashboard(app.db, client.id, req.body.days);
  });
}
