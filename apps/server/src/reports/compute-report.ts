import type { ReportMetric, ReportReply } from '@hh/contract/reports';
import type { Db } from '../db/client.ts';
import { METRICS } from './metrics/index.ts';
import type { ReportScope } from './period.ts';

/** One metric's figures over a scope, with the period and time zone they were counted in. */
export async function computeReport(db: Db, metric: ReportMetric, s: ReportScope): Promise<ReportReply> {
  const def = METRICS[metric];
  const f = await def.figures(db, s);
  return { metric, from: s.from, to: s.to, timeZone: s.timeZone, jobId: s.jobId, unit: def.unit, ...f };
}
