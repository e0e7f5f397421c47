-- Resumes are parsed after the application is stored, by the resume-parse queue in a worker thread
-- (docs/decisions/0404-resume-parsing-off-thread.md): when the parse of an application's file ended,
-- and why it gave no text (the refusal's message), if it did not.
ALTER TABLE applications ADD COLUMN resume_parsed_at timestamptz;
ALTER TABLE applications ADD COLUMN resume_parse_error text;

-- What an application proposes to change on a candidate who already exists: an anonymous applicant
-- never overwrites a name, phone, resume or answers a recruiter has; the differing values (and the
-- new resume file, and its text once parsed) wait here for a recruiter to accept or dismiss.
CREATE TABLE candidate_proposed_changes (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  candidate_id uuid NOT NULL,
  application_id uuid,
  job_id uuid,
  source text NOT NULL DEFAULT 'careersite',
  -- firstName, lastName, phone, answers and resumeText, each only when it differs from the candidate's
  changes jsonb NOT NULL DEFAULT '{}',
  resume_key text,
  resume_name text,
  resume_content_type text,
  resume_parsed_at timestamptz,
  status text NOT NULL DEFAULT 'open',
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  resolved_by uuid,
  PRIMARY KEY (client_id, id),
  FOREIGN KEY (client_id, candidate_id) REFERENCES candidates (client_id, id) ON DELETE CASCADE
);
CREATE INDEX candidate_proposed_changes_candidate_idx ON candidate_proposed_changes (client_id, candidate_id, created_at DESC);
