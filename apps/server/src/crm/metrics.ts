import type { crmRoutes as r } from '@hh/contract/crm';
import { messages } from '@hh/contract/messages';
import { sql } from 'drizzle-orm';
import { accessibleClientIds, may, requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { AppError } from '../lib/app-error.ts';
import { respondentMetrics } from './metrics/respondent-metrics.ts';
import { CANDIDATE_READERS } from './rights.ts';
import { pgUuidArray } from './serialize.ts';

/** `GET api/respondent-metrics`: the figures are computed in metrics/ (the growth and alert metrics screens). */
export const getRespondentMetrics: Operation<typeof r.getRespondentMetrics, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'respondentMetrics');
  if (input.from && input.to && input.from > input.to) throw new AppError(400, 'respondentMetrics', messages.recruiting.respondentMetricsError);
  return respondentMetrics(deps.db, client, input.from, input.to);
};

/**
 * `GET api/candidates/applicant-count` (optional clientId): applications in total and new (not yet
 * opened by a recruiter), per job, over the client named or every client the caller may see.
 */
export const getApplicantCount: Operation<typeof r.getApplicantCount, 'db'> = async (deps, input) => {
  let scope: string[] | null;
  // The clientId is an optional filter here: the portal's selected client alone does not narrow the count.
  if (input.clientId && !input.clientIdSelected) {
    scope = [(await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'candidates')).id];
  } else {
    if (!may(input.actor, CANDIDATE_READERS)) return { total: 0, new: 0, jobs: [] };
    scope = await accessibleClientIds(deps.db, input.actor);
  }
  if (scope && !scope.length) return { total: 0, new: 0, jobs: [] };
  const where = scope ? sql`client_id = ANY(${pgUuidArray(scope)}::uuid[])` : sql`true`;
  const r = await deps.db.execute<{ job_id: string; total: number; fresh: number }>(
    sql`SELECT job_id, count(*)::int AS total, count(*) FILTER (WHERE status = 'new')::int AS fresh FROM applications WHERE ${where} GROUP BY job_id`,
  );
  const jobs = r.rows.map((x) => ({ jobId: x.job_id, total: x.total, new: x.fresh }));
  return { total: jobs.reduce((a, j) => a + j.total, 0), new: jobs.reduce((a, j) => a + j.new, 0), jobs };
};

/**
 * `GET /api/crm/candidates/requisitions`: the client's jobs with how many candidates each has (the
 * assigned-jobs filter). The client is `clientId` or the selected one; naming none is refused as an invalid id.
 */
export const listCandidateRequisitions: Operation<typeof r.listCandidateRequisitions, 'db'> = async (deps, input) => {
  if (!input.clientId) throw new AppError(400, 'clientId', messages.server.invalidId);
  const clientId = (await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'candidates')).id;
  const r = await deps.db.execute<{
    id: string;
    title: string;
    reference_number: string | null;
    city: string | null;
    requisition_id: string | null;
    status: string;
    n: number;
  }>(sql`
    SELECT j.id, j.title, j.reference_number, j.city, j.requisition_id, j.status,
           (SELECT count(DISTINCT a.candidate_id)::int FROM applications a WHERE a.client_id = j.client_id AND a.job_id = j.id) AS n
      FROM jobs j WHERE j.client_id = ${clientId} ORDER BY (j.status = 'open') DESC, j.date_posted DESC LIMIT 1000`);
  const results = r.rows.map((x) => ({
    _id: x.id,
    title: x.title,
    referenceNumber: x.reference_number,
    city: x.city,
    requisitionId: x.requisition_id,
    status: x.status,
    candidates: x.n,
  }));
  return { results, totalCount: results.length };
};
