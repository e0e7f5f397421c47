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
  await db.execute(sql`UPDATE applications a
       SET stage_id = s.id,
           stage_entered_at = CASE WHEN s.position = 0 THEN a.created_at ELSE greatest(a.created_at, c.updated_at) END,
           outcome = CASE WHEN lower(c.status) = 'rejected' THEN 'rejected' ELSE 'active' END,
           outcome_at = CASE WHEN lower(c.status) = 'rejected' THEN greatest(a.created_at, c.updated_at) END
      FROM candidates c, job_stages s
     WHERE a.client_id = ${clientId}
       AND c.client_id = a.client_id AND c.id = a.candidate_id
       AND s.client_id = a.client_id AND s.job_id = a.job_id
       AND lower(s.name) = CASE lower(c.status) WHEN 'new' THEN 'applied' WHEN 'rejected' THEN 'applied' ELSE lower(c.status) END
       AND a.stage_id IS NULL`);
  await db.execute(sql`UPDATE applications a
       SET stage_id = s.id, stage_entered_at = a.created_at
      FROM job_stages s
     WHERE a.client_id = ${clientId}
       AND s.client_id = a.client_id AND s.job_id = a.job_id AND s.position = (
         SELECT min(position) FROM job_stages f WHERE f.client_id = a.client_id AND f.job_id = a.job_id)
       AND a.stage_id IS NULL`);
}
