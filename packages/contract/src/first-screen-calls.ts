/**
 * The method and path of the calls the portal's signed-in shell (client list, unread badge) and its
 * Home screen (work queue, report, activity, candidate funnel) make while drawing the first screen
 * after sign-in, without their schemas: like session-calls.ts for the login page, so the dashboard's
 * first load does without zod, the schemas and the message catalogue (docs/performance.md). The
 * route entries in clients.ts, conversations.ts, home.ts, reports.ts, activity.ts and crm.ts are
 * built on these, so each path is still written once. No imports here.
 */
export const firstScreenCalls = {
  clientList: { method: 'GET', path: '/api/client' },
  unreadConversations: { method: 'GET', path: '/api/conversations/unread-count' },
  homeWorkQueue: { method: 'GET', path: '/api/home/work-queue' },
  report: { method: 'GET', path: '/api/reports/:metric' },
  activityList: { method: 'GET', path: '/api/activity-logs' },
  respondentMetrics: { method: 'GET', path: '/api/respondent-metrics' },
} as const;
