import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

/**
 * The statuses-to-stages step of migration 1001_pipeline_backfill.sql for one client (the demo seed
 * runs it after creating candidates with statuses): jobs without stages get the default pipeline, and
 * each application without a stage takes its candidate's status as its stage (New -> Applied, Rejected
 * -> outcome rejected at Applied, an unknown status -> the first stage). Set-based, idempotent.
 */
export async function stagesFromStatuses(db: DbOrTx, clientId: string) {
  await db.execute(sql`INSERT INTO job_stages (client_id, job_id, name, kind, position)
    SELECT j.client_id, j.id, d.name, d.kind, d.position
      FROM jobs j
     CROSS JOIN (VALUES ('Applied', 'applied', 0), ('Screening', 'screening', 1), ('Interview', 'interview', 2),
                        ('Offer', 'offer', 3), ('Hired', 'hired', 4)) AS d (name, kind, position)
     WHERE j.client_id = ${clientId}
       AND NOT EXISTS (SELECT 1 FROM job_stages s WHERE s.client_id = j.client_id AND s.job_id = j.id)
    ON CONFLICT DO NOTHING`);
  // Joined to the candidate first, then to the stage of that name (the planner cannot estimate the
  // name match; as one join it looped over every stage times every candidate: migration 1001).
  await db.execute(sql`UPDATE applications a
       SET stage_id = s.id,
           stage_entered_at = CASE WHEN s.position = 0 THEN m.created_at ELSE greatest(m.created_at, m.candidate_updated_at) END,
           outcome = CASE WHEN m.rejected THEN 'rejected' ELSE 'active' END,
           outcome_at = CASE WHEN m.rejected THEN greatest(m.created_at, m.candidate_updated_at) END
      FROM (SELECT x.client_id, x.id, x.job_id, x.created_at, c.updated_at AS candidate_updated_at,
                   lower(c.status) = 'rejected' AS rejected,
                   CASE lower(c.status) WHEN 'new' THEN 'applied' WHEN 'rejected' THEN 'applied' ELSE lower(c.status) END AS stage_name
              FROM applications x JOIN candidates c ON c.client_id = x.client_id AND c.id = x.candidate_id
             WHERE x.client_id = ${clientId} AND x.stage_id IS NULL
            OFFSET 0) m,
           job_stages s
     WHERE a.client_id = ${clientId} AND a.client_id = m.client_id AND a.id = m.id
       AND s.client_id = m.client_id AND s.job_id = m.job_id AND lower(s.name) = m.stage_name`);
  await db.execute(sql`UPDATE applications a
       SET stage_id = s.id, stage_entered_at = a.created_at
      FROM job_stages s
     WHERE a.client_id = ${clientId}
       AND s.client_id = a.client_id AND s.job_id = a.job_id AND s.position = (
         SELECT min(position) FROM job_stages f WHERE f.client_id = a.client_id AND f.job_id = a.job_id)
       AND a.stage_id IS NULL`);
}
