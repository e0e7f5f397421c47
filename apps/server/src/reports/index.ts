import type { ReportMetric, ReportReply } from '@hh/contract/reports';
import type { Deps } from '../core/deps.ts';
import { computeReport } from './compute-report.ts';
import { lastDays, reportPeriod, zoneOf } from './period.ts';

export { countApplications } from './metrics/applications.ts';
export { dayIn, dayOf, inPeriod, lastDays, type ReportScope, zoneOf } from './period.ts';

/**
 * One metric's figures for a client the caller already checked (Home, the dashboard, candidate
 * growth): the same definition and period rules as `GET /api/reports/:metric`. The period is
 * `from`/`to`, or the last `days` days, in the client's time zone unless one is named.
 */
export async function reportFor(
  deps: Pick<Deps, 'db'>,
  input: { client: { id: string; timeZone: string | null }; metric: ReportMetric; from?: string; to?: string; days?: number; timeZone?: string },
): Promise<ReportReply> {
  const timeZone = zoneOf(input.timeZone, input.client.timeZone);
  const period = input.days ? lastDays(input.days, timeZone) : reportPeriod({ from: input.from, to: input.to, timeZone });
  return computeReport(deps.db, input.metric, { clientId: input.client.id, ...period, jobId: null });
}
