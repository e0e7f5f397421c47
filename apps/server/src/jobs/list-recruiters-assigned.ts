import type { jobRoutes as r } from '@hh/contract/jobs';
import { sql } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';

/** The recruiters named on the client's jobs (assigned or the job's recruiter), with how many jobs each, most first. */
export const listRecruitersAssigned: Operation<typeof r.recruitersAssigned, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId);
  const rs = await deps.db.execute<{ email: string; name: string | null; job_count: number }>(sql`
    SELECT lower(e) AS email, max(CASE WHEN lower(recruiter_email) = lower(e) THEN recruiter_name END) AS name, count(DISTINCT id)::int AS job_count
      FROM jobs, LATERAL unnest(array_append(recruiters_assigned, recruiter_email)) AS e
     WHERE client_id = ${client.id} AND e IS NOT NULL AND e <> ''
     GROUP BY lower(e) ORDER BY job_count DESC, email LIMIT 500`);
  const results = rs.rows.map((x) => ({ email: x.email, name: x.name, jobCount: x.job_count }));
  return { results, totalCount: results.length };
};
