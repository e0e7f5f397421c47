import { sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { accessibleClientIds } from '../auth/access.ts';
import type { Db } from '../db/client.ts';
import { hasCandidateRight, loadCandidateClient } from './access.ts';
import { pgUuidArray } from './serialize.ts';

/** `GET api/respondent-metrics`: in metrics/ (issue 12 metrics screens). */
export { respondentMetrics } from './metrics/respondent-metrics.ts';

/**
 * `GET api/candidates/applicant-count` (optional clientId): applications in total and new (not yet
 * opened by a recruiter), per job, over the client given or every client the caller may see.
 */
export async function applicantCount(db: Db, actor: Actor, clientId?: string) {
  let scope: string[] | null;
  if (clientId) {
    await loadCandidateClient(db, actor, clientId);
    scope = [clientId];
  } else {
    if (!hasCandidateRight(actor)) return { total: 0, new: 0, jobs: [] };
    scope = await accessibleClientIds(db, actor);
  }
  if (scope && !scope.length) return { total: 0, new: 0, jobs: [] };
  const where = scope ? sql`client_id = ANY(${pgUuidArray(scope)}::uuid[])` : sql`true`;
  const r = await db.execute<{ job_id: string; total: number; fresh: number }>(
    sql`SELECT job_id, count(*)::int AS total, count(*) FILTER (WHERE status = 'new')::int AS fresh FROM applications WHERE ${where} GROUP BY job_id`,
  );
  const jobs = r.rows.map((x) => ({ jobId: x.job_id, total: x.total, new: x.fresh }));
  return { total: jobs.reduce((a, j) => a + j.total, 0), new: jobs.reduce((a, j) => a + j.new, 0), jobs };
}

/** `GET /api/crm/candidates/requisitions`: the client's jobs with how many candidates each has (the assigned-jobs filter). */
export async function candidateRequisitions(db: Db, clientId: string) {
  const r = await db.execute<{ id: string; title: string; reference_number: string | null; status: string; n: number }>(sql`
    SELECT j.id, j.title, j.reference_number, j.status,
           (SELECT count(DISTINCT a.candidate_id)::int FROM applications a WHERE a.client_id = j.client_id AND a.job_id = j.id) AS n
      FROM jobs j WHERE j.client_id = ${clientId} ORDER BY (j.status = 'open') DESC, j.date_posted DESC LIMIT 1000`);
  return r.rows.map((x) => ({ _id: x.id, title: x.title, referenceNumber: x.reference_number, status: x.status, candidates: x.n }));
}
