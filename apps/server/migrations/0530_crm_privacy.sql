-- Candidate privacy (decision 0012 "Privacy"; the `/legal` page of decision 0040).
-- Tenant-owned like the rest of the CRM: client_id leads every key, no triggers (docs/scaling.md);
-- db/distribute.ts distributes both new tables by client_id (its rule: client_id in the primary key).

-- The client's candidate privacy notice: sanitised HTML written in the portal's rich-text editor,
-- served at /{nameSlug}/privacy and /privacy on the client's own domain.
ALTER TABLE crm_settings ADD COLUMN privacy_notice text;
ALTER TABLE crm_settings ADD COLUMN privacy_notice_updated_at timestamptz;

-- Consent given on an apply path: the exact text shown, when, where, and which notice it linked to.
-- candidates.consent keeps the latest for the candidate reply; this table keeps every one.
CREATE TABLE candidate_consents (
  client_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  candidate_id uuid NOT NULL,
  application_id uuid,
  source text NOT NULL,
  text text NOT NULL,
  notice_url text,
  given_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id),
  FOREIGN KEY (client_id, candidate_id) REFERENCES candidates (client_id, id) ON DELETE CASCADE
);
CREATE INDEX candidate_consents_candidate_idx ON candidate_consents (client_id, candidate_id, given_at DESC);

-- Who viewed, exported or erased a candidate's data, and when. Kept after an erasure (it names the
-- recruiter, not the candidate); views are not timeline activity, so they never keep a candidate from
-- the retention job.
CREATE TABLE candidate_privacy_log (
  client_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  candidate_id uuid NOT NULL,
  actor_id uuid,
  actor_email text,
  action text NOT NULL CHECK (action IN ('viewed', 'exported', 'exported-files', 'erased', 'anonymised')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id),
  FOREIGN KEY (client_id, candidate_id) REFERENCES candidates (client_id, id) ON DELETE CASCADE
);
CREATE INDEX candidate_privacy_log_candidate_idx ON candidate_privacy_log (client_id, candidate_id, created_at DESC);

-- The retention job looks for candidates not yet anonymised, per client, by their last activity.
CREATE INDEX candidates_retention_idx ON candidates (client_id, last_activity_at) WHERE anonymized_at IS NULL;
