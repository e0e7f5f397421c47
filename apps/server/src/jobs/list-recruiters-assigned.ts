import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** The recruiters named on the client's jobs (assigned or the job's recruiter), with how many jobs each, most first. */
export async function listRecruitersAssigned(db: Db, clientId: string) {
  const rs = await db.execute<{ email: string; name: string | null; job_count: number }>(sql`
    SELECT lower(e) AS email, max(CASE WHEN lower(recruiter_email) = lower(e) THEN recruiter_name END) AS name, count(DISTINCT id)::int AS job_count
      FROM jobs, LATERAL unnest(array_append(recruiters_assigned, recruiter_email)) AS e
     WHERE client_id = ${clientId} AND e IS NOT NULL AND e <> ''
     GROUP BY lower(e) ORDER BY job_count DESC, email LIMIT 500`);
  return rs.rows.map((x) => ({ email: x.email, name: x.name, jobCount: x.job_count }));
}
