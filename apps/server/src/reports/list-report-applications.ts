import { messages } from '@hh/contract/messages';
import type { ReportApplication, reportsRoutes as r } from '@hh/contract/reports';
import { sql } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import { answer, type Operation } from '../core/operation.ts';
import { badRequest } from '../lib/app-error.ts';
import { localStamp, toCsv } from './csv.ts';
import { days1, jobLabelSql } from './metrics/definition.ts';
import { METRICS } from './metrics/index.ts';
import { reportScope } from './report-scope.ts';
import { REPORT_READERS } from './rights.ts';

/** The most rows one CSV export holds: a period of two years on a busy client stays a file a spreadsheet opens. */
const CSV_MAX = 50_000;

/**
 * `GET /api/reports/:metric/applications`: the applications behind a figure of a report (the
 * headline, or the row named by `key`), newest first, a page at a time; `format=csv` exports them
 * all (up to 50,000). The same definition as the figure, so the list's length is the figure's count.
 */
export const listReportApplications: Operation<typeof r.applications, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, REPORT_READERS, 'reports');
  const scope = await reportScope(deps.db, client, input);
  const def = METRICS[input.metric];
  if (
    input.key &&
    def.byDay &&
    !(/^\d{4}-\d{2}-\d{2}$/.test(input.key) && input.key >= scope.from && input.key <= scope.to && !Number.isNaN(Date.parse(input.key)))
  )
    throw badRequest('key', messages.reports.badKey);
  const csv = input.format === 'csv';
  const limit = csv ? CSV_MAX : input.pageSize;
  const offset = csv ? 0 : (input.page - 1) * input.pageSize;
  const r = await deps.db.execute<{
    id: string;
    candidate_id: string;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    job_id: string;
    job_title: string;
    source: string;
    stage: string | null;
    outcome: string;
    created_at: string;
    days: number | null;
    total: number;
  }>(sql`
    WITH x AS (${def.applications(scope, input.key, input.part)})
    SELECT a.id, a.candidate_id, c.first_name, c.last_name, c.email, a.job_id, ${jobLabelSql('j')} AS job_title, a.source,
           st.name AS stage, a.outcome, a.created_at, x.days, count(*) OVER ()::int AS total
      FROM x
      JOIN applications a ON a.client_id = ${scope.clientId} AND a.id = x.app_id
      JOIN candidates c ON c.client_id = a.client_id AND c.id = a.candidate_id
      JOIN jobs j ON j.client_id = a.client_id AND j.id = a.job_id
      LEFT JOIN job_stages st ON st.client_id = a.client_id AND st.id = a.stage_id
     ORDER BY a.created_at DESC, a.id
     LIMIT ${limit} OFFSET ${offset}`);
  const results: ReportApplication[] = r.rows.map((x) => ({
    _id: x.id,
    candidateId: x.candidate_id,
    candidateName: [x.first_name, x.last_name].filter(Boolean).join(' ') || x.email || 'Unnamed candidate',
    jobId: x.job_id,
    jobTitle: x.job_title,
    source: x.source,
    stage: x.stage,
    outcome: x.outcome,
    appliedAt: new Date(x.created_at).toISOString(),
    days: days1(x.days),
  }));
  // Past the last page the window count is gone: count the set on its own.
  let total = r.rows[0]?.total;
  if (total === undefined)
    total =
      offset === 0
        ? 0
        : (await deps.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM (${def.applications(scope, input.key, input.part)}) x`)).rows[0].n;
  const meta = { metric: input.metric, from: scope.from, to: scope.to, timeZone: scope.timeZone };
  if (!csv) return { ...meta, results, totalCount: total };
  return answer({
    type: 'text/csv; charset=utf-8',
    headers: {
      'content-disposition': `attachment; filename="${input.metric}-applications-${scope.from}-to-${scope.to}.csv"`,
      'cache-control': 'private, no-store',
    },
    body: toCsv(
      ['Candidate', 'Job', 'Source', 'Stage', 'Outcome', `Applied (${scope.timeZone})`, 'Days'],
      results.map((x) => [x.candidateName, x.jobTitle, x.source, x.stage, x.outcome, localStamp(new Date(x.appliedAt), scope.timeZone), x.days]),
    ),
  });
};
