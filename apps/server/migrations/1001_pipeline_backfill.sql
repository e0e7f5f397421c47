-- Each existing candidate status becomes the stage of that candidate's applications (docs/pipeline.md).
-- Set-based (no per-row loop), in its own transaction after 1000: the UPDATE takes row locks only, so
-- reads and new applications go on while it runs. Every job gets the default pipeline, then:
--   a status named like a stage (case-insensitive) -> that stage; New -> Applied;
--   Rejected -> outcome 'rejected', stage Applied; any other status -> Applied.

INSERT INTO job_stages (client_id, job_id, name, kind, position)
SELECT j.client_id, j.id, d.name, d.kind, d.position
  FROM jobs j
 CROSS JOIN (VALUES ('Applied', 'applied', 0), ('Screening', 'screening', 1), ('Interview', 'interview', 2),
                    ('Offer', 'offer', 3), ('Hired', 'hired', 4)) AS d (name, kind, position)
ON CONFLICT DO NOTHING;

UPDATE applications a
   SET stage_id = s.id,
       stage_entered_at = CASE WHEN s.position = 0 THEN a.created_at ELSE greatest(a.created_at, c.updated_at) END,
       outcome = CASE WHEN lower(c.status) = 'rejected' THEN 'rejected' ELSE 'active' END,
       outcome_at = CASE WHEN lower(c.status) = 'rejected' THEN greatest(a.created_at, c.updated_at) END
  FROM candidates c, job_stages s
 WHERE c.client_id = a.client_id AND c.id = a.candidate_id
   AND s.client_id = a.client_id AND s.job_id = a.job_id
   AND lower(s.name) = CASE lower(c.status) WHEN 'new' THEN 'applied' WHEN 'rejected' THEN 'applied' ELSE lower(c.status) END
   AND a.stage_id IS NULL;

-- Statuses no stage is named after (a client's own pipeline words): the first stage.
UPDATE applications a
   SET stage_id = s.id, stage_entered_at = a.created_at
  FROM job_stages s
 WHERE s.client_id = a.client_id AND s.job_id = a.job_id AND s.position = 0
   AND a.stage_id IS NULL;

ALTER TABLE applications VALIDATE CONSTRAINT applications_outcome_check;
ALTER TABLE applications VALIDATE CONSTRAINT applications_stage_fkey;

-- The board reads a job's applications by stage; applications stored later without a stage (the apply
-- paths do not know the pipeline) are given the job's first stage on the next read (pipeline/stages.ts).
CREATE INDEX applications_job_stage_idx ON applications (client_id, job_id, stage_id);
CREATE INDEX applications_unstaged_idx ON applications (client_id, job_id) WHERE stage_id IS NULL;
