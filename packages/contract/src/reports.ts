import { z } from 'zod';
import { id } from './common.ts';
import { messages } from './messages.ts';
import { firstScreenCalls } from './first-screen-calls.ts';
import { defineRoute } from './route.ts';

const m = messages.reports;

/**
 * The metrics of the reports domain (apps/server/src/reports/): each one is defined once there and
 * read by Home, the dashboard, candidate growth and /reports alike. docs/reports.md gives each
 * definition in words.
 */
export const REPORT_METRICS = [
  'applications',
  'new-applicants',
  'stage-conversion',
  'time-in-stage',
  'time-to-hire',
  'source-of-hire',
  'offer-acceptance',
] as const;
export const reportMetric = z.enum(REPORT_METRICS, { error: m.unknownMetric });
export type ReportMetric = z.infer<typeof reportMetric>;

/** True for a time zone name this runtime knows (IANA, e.g. America/Chicago; UTC). */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const day = z.iso.date({ error: m.badDate });
export const reportQuery = z.object({
  clientId: id,
  /** First and last day of the period (both included), in `timeZone`; the default is the last 30 days up to today. */
  from: day.optional(),
  to: day.optional(),
  /** The days' time zone; the default is the client's own (Clients, General), else UTC. */
  timeZone: z.string().trim().max(64).refine(isTimeZone, { error: m.unknownTimeZone }).optional(),
  jobId: id.optional(),
  format: z.enum(['json', 'csv']).default('json'),
});
export const reportParams = z.object({ metric: reportMetric });

/**
 * One figure of a report: a day, a stage, a job or a source. `count` is the number of applications
 * behind it (what the drill-through lists); `value` is the figure itself (a count, a median in
 * days or a share from 0 to 1; null when there is nothing to measure).
 */
export const reportRow = z.object({
  key: z.string(),
  label: z.string(),
  count: z.number().int(),
  value: z.number().nullable(),
  /** Stage conversion: of `count` applications that reached the stage, how many reached a later one. */
  movedOn: z.number().int().optional(),
});
export type ReportRow = z.infer<typeof reportRow>;

export const reportReply = z.object({
  metric: reportMetric,
  /** The period the figures cover, as YYYY-MM-DD in `timeZone`, both days included. */
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  jobId: id.nullable(),
  /** What `value` counts: applications, candidates, days (a median) or a share (0 to 1). */
  unit: z.enum(['applications', 'candidates', 'days', 'share']),
  /** The headline figure. */
  value: z.number().nullable(),
  /** The applications behind the headline figure. */
  count: z.number().int(),
  rows: z.array(reportRow),
});
export type ReportReply = z.infer<typeof reportReply>;

export const reportApplicationsQuery = reportQuery.extend({
  /** One row of the report (its `key`); without it, every application behind the headline figure. */
  key: z.string().trim().max(100).optional(),
  /** Stage conversion: `movedOn` lists only the applications that reached a later stage. */
  part: z.enum(['entered', 'movedOn']).default('entered'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export const reportApplication = z.object({
  _id: id,
  candidateId: id,
  candidateName: z.string(),
  jobId: id,
  jobTitle: z.string(),
  source: z.string(),
  /** The application's stage now (null before the job has a pipeline). */
  stage: z.string().nullable(),
  outcome: z.string(),
  appliedAt: z.string(),
  /** The time the figure measured, in days (time in stage, time to hire); null for counts. */
  days: z.number().nullable(),
});
export const reportApplicationsReply = z.object({
  metric: reportMetric,
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  results: z.array(reportApplication),
  totalCount: z.number().int(),
});
export type ReportApplication = z.infer<typeof reportApplication>;

const tags = ['reports'];
const errors = [400, 401, 403, 404] as const;

/** Reports: one definition per metric (apps/server/src/reports/). `format=csv` answers the same figures as a CSV file. */
export const reportsRoutes = {
  get: defineRoute({ ...firstScreenCalls.report, params: reportParams, query: reportQuery, status: 200, reply: reportReply, errors, tags }),
  applications: defineRoute({
    method: 'GET',
    path: '/api/reports/:metric/applications',
    params: reportParams,
    query: reportApplicationsQuery,
    status: 200,
    reply: reportApplicationsReply,
    errors,
    tags,
  }),
};
