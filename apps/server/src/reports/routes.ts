import { reportsRoutes as r } from '@hh/contract/reports';
import type { FastifyInstance } from 'fastify';
import { route } from '../plugins/route.ts';
import { getReport } from './get-report.ts';
import { listReportApplications } from './list-report-applications.ts';

/** Reports: one definition per metric, and the applications behind each figure. */
export default async function reportsRoutes(app: FastifyInstance) {
  route(app, r.get, getReport);
  route(app, r.applications, listReportApplications);
}
