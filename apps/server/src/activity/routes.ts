import { activityRoutes as r } from '@hh/contract/activity';
import type { FastifyInstance } from 'fastify';
import { route } from '../plugins/route.ts';
import { createActivityLog } from './create-activity-log.ts';
import { listActivityLogs } from './list-activity-logs.ts';

/** The activity log (core spec §7 "Other"): every create/update/delete writes a row via logActivity. */
export default async function activityRoutes(app: FastifyInstance) {
  route(app, r.list, listActivityLogs);
  route(app, r.create, createActivityLog);
}
