import { jobAnalyticsRoutes as r } from '@hh/contract/job-analytics';
import type { FastifyInstance } from 'fastify';
import { route } from '../plugins/route.ts';
import { getAnalytics, getDashboard } from './get-dashboard.ts';

/** The career-site analytics of /harvest/dashboard: daily jobs posted, views, searches and applications. */
export default async function jobAnalyticsRoutes(app: FastifyInstance) {
  route(app, r.dashboard, getDashboard);
  route(app, r.analytics, getAnalytics);
}
