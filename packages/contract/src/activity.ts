import { firstScreenCalls } from './first-screen-calls.ts';
import { defineRoute } from './route.ts';
import { activityLogList, activityLogQuery, createActivityLogReply, createActivityLogRequest } from './users.ts';

const tags = ['activity-logs'] as const;
const errors = [400, 401, 403, 404] as const;
/** The activity log (core spec §7 "Other"); its schemas are in users.ts. */
export const activityRoutes = {
  list: defineRoute({ ...firstScreenCalls.activityList, query: activityLogQuery, status: 200, reply: activityLogList, errors, tags }),
  create: defineRoute({
    method: 'POST',
    path: '/api/activity-logs/create',
    body: createActivityLogRequest,
    status: 201,
    reply: createActivityLogReply,
    errors,
    tags,
  }),
};
