import type { reportsRoutes as r, ReportReply } from '@hh/contract/reports';
import { requireClient } from '../auth/access.ts';
import { answer, type Operation } from '../core/operation.ts';
import { computeReport } from './compute-report.ts';
import { toCsv } from './csv.ts';
import { reportScope } from './report-scope.ts';
import { REPORT_READERS } from './rights.ts';

/** `GET /api/reports/:metric`: one metric's figures for a period (and a job), as JSON or, with `format=csv`, a CSV file. */
export const getReport: Operation<typeof r.get, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, REPORT_READERS, 'reports');
  const scope = await reportScope(deps.db, client, input);
  const report = await computeReport(deps.db, input.metric, scope);
  if (input.format !== 'csv') return report;
  return answer({
    type: 'text/csv; charset=utf-8',
    headers: {
      'content-disposition': `attachment; filename="${input.metric}-${scope.from}-to-${scope.to}.csv"`,
      'cache-control': 'private, no-store',
    },
    body: reportCsv(report),
  });
};

/** The report as rows: the total first, then each figure; the period and time zone on every row, so a pasted row keeps its meaning. */
export function reportCsv(x: ReportReply): string {
  const withMoved = x.rows.some((row) => row.movedOn !== undefined);
  const header = ['Report', 'From', 'To', 'Time zone', 'Key', 'Label', 'Applications', `Value (${x.unit})`, ...(withMoved ? ['Moved on'] : [])];
  const line = (key: string, label: string, count: number, value: number | null, movedOn?: number) => [
    x.metric,
    x.from,
    x.to,
    x.timeZone,
    key,
    label,
    count,
    value,
    ...(withMoved ? [movedOn ?? null] : []),
  ];
  return toCsv(header, [line('total', 'Total', x.count, x.value), ...x.rows.map((row) => line(row.key, row.label, row.count, row.value, row.movedOn))]);
}
