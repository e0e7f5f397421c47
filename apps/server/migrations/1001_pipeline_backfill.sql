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

-- Each application is first joined to its candidate (by key, both sides read once), and only then to
-- its job's stage of that name: the planner cannot estimate the name match, and when it was written
-- as one join it looped over every stage times every candidate of the client (hours at 1,000,000
-- candidates, bench/pipeline). OFFSET 0 keeps the first join apart.
UPDATE applications a
   SET stage_id = s.id,
       stage_entered_at = CASE WHEN s.position = 0 THEN m.created_at ELSE greatest(m.created_at, m.candidate_updated_at) END,
       outcome = CASE WHEN m.rejected THEN 'rejected' ELSE 'active' END,
       outcome_at = CASE WHEN m.rejected THEN greatest(m.created_at, m.candidate_updated_at) END
  FROM (SELECT x.client_id, x.id, x.job_id, x.created_at, c.updated_at AS candidate_updated_at,
               lower(c.status) = 'rejected' AS rejected,
               CASE lower(c.status) WHEN 'new' THEN 'applied' WHEN 'rejected' THEN 'applied' ELSE lower(c.status) END AS stage_name
          FROM applications x JOIN candidates c ON c.client_id = x.client_id AND c.id = x.candidate_id
         WHERE x.stage_id IS NULL
        OFFSET 0) m,
       job_stages s
 WHERE a.client_id = m.client_id AND a.id = m.id
   AND s.client_id = m.client_id AND s.job_id = m.job_id AND lower(s.name) = m.stage_name;

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
