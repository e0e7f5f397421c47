-- Requisition keywords and resume fields (docs/decisions/0021-requisition-keywords.md).
-- The CRM branch adds the same two candidate columns in its migration 0500; IF NOT EXISTS lets
-- either branch run alone and both run together.
ALTER TABLE candidates ADD COLUMN IF NOT EXISTS resume_text text NOT NULL DEFAULT '';
ALTER TABLE candidates ADD COLUMN IF NOT EXISTS skills text[] NOT NULL DEFAULT '{}';

-- One row per requisition (job) once its keywords were computed or edited. ai_keywords is the
-- TF-IDF extraction cached with the signature of the client's jobs it was computed from
-- (ai_signature); user_keywords are the recruiter's; removed_ai_keywords are AI keywords the
-- recruiter took out (kept out when the extraction is refreshed).
CREATE TABLE requisition_keywords (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  job_id uuid NOT NULL,
  ai_keywords jsonb NOT NULL DEFAULT '[]',
  ai_signature text,
  user_keywords text[] NOT NULL DEFAULT '{}',
  removed_ai_keywords text[] NOT NULL DEFAULT '{}',
  updated_by uuid,
  updated_at timestamptz,
  computed_at timestamptz,
  PRIMARY KEY (client_id, job_id),
  FOREIGN KEY (client_id, job_id) REFERENCES jobs (client_id, id) ON DELETE CASCADE
);
