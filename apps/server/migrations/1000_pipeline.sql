-- The hiring pipeline (docs/pipeline.md): each application (one candidate x one job) carries its own
-- stage of its job's pipeline, and an outcome (active, rejected, withdrawn). Tenant tables lead their
-- keys with client_id and their foreign keys include it (docs/scaling.md).
-- Only quick DDL here (new tables, nullable columns and constant defaults are catalogue changes);
-- the backfill of existing applications is 1001, in its own transaction, so the ACCESS EXCLUSIVE lock
-- these ALTERs take is released before the long UPDATE runs.

CREATE TABLE job_stages (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  job_id uuid NOT NULL,
  name text NOT NULL,
  kind text NOT NULL DEFAULT 'other' CHECK (kind IN ('applied', 'screening', 'interview', 'offer', 'hired', 'other')),
  position integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id),
  FOREIGN KEY (client_id, job_id) REFERENCES jobs (client_id, id) ON DELETE CASCADE
);
-- One stage per place in a job's pipeline (a reorder writes the new positions in two steps, in code);
-- also what makes creating a job's stages idempotent under concurrency (INSERT .. ON CONFLICT DO NOTHING).
CREATE UNIQUE INDEX job_stages_position_key ON job_stages (client_id, job_id, position);

ALTER TABLE applications
  ADD COLUMN stage_id uuid,
  ADD COLUMN stage_entered_at timestamptz,
  ADD COLUMN outcome text NOT NULL DEFAULT 'active',
  ADD COLUMN rejection_reason_id uuid,
  ADD COLUMN outcome_at timestamptz,
  ADD COLUMN version integer NOT NULL DEFAULT 0;
-- NOT VALID: no scan of the table under the ALTER's lock; 1001 validates once the backfill is done.
ALTER TABLE applications ADD CONSTRAINT applications_outcome_check CHECK (outcome IN ('active', 'rejected', 'withdrawn')) NOT VALID;
ALTER TABLE applications ADD CONSTRAINT applications_stage_fkey FOREIGN KEY (client_id, stage_id) REFERENCES job_stages (client_id, id) NOT VALID;

-- Every move, rejection, withdrawal and reopening (reports read it; stages may later be removed, so
-- the stage ids carry no foreign key).
CREATE TABLE application_stage_events (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  application_id uuid NOT NULL,
  job_id uuid NOT NULL,
  from_stage_id uuid,
  to_stage_id uuid,
  outcome text NOT NULL DEFAULT 'active' CHECK (outcome IN ('active', 'rejected', 'withdrawn')),
  reason_id uuid,
  actor_user_id uuid,
  at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id),
  FOREIGN KEY (client_id, application_id) REFERENCES applications (client_id, id) ON DELETE CASCADE
);
CREATE INDEX application_stage_events_application_idx ON application_stage_events (client_id, application_id, at);
CREATE INDEX application_stage_events_job_idx ON application_stage_events (client_id, job_id, at);

-- Reusable pipelines; a client without a default row uses Applied, Screening, Interview, Offer, Hired.
CREATE TABLE pipeline_templates (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  stages jsonb NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id)
);
CREATE UNIQUE INDEX pipeline_templates_name_key ON pipeline_templates (client_id, lower(name));
CREATE UNIQUE INDEX pipeline_templates_default_key ON pipeline_templates (client_id) WHERE is_default;

-- The client's editable rejection reasons (filled with the defaults on first use).
CREATE TABLE rejection_reasons (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  label text NOT NULL,
  position integer NOT NULL DEFAULT 0,
  archived boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id)
);
CREATE UNIQUE INDEX rejection_reasons_label_key ON rejection_reasons (client_id, lower(label));

-- Rejection emails waiting for their time (cancellable until sent) and the ones sent.
CREATE TABLE rejection_emails (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  application_id uuid NOT NULL,
  candidate_id uuid NOT NULL,
  template_id uuid,
  to_email text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  send_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'sent', 'cancelled', 'failed')),
  error text,
  created_by uuid,
  sent_at timestamptz,
  cancelled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id),
  FOREIGN KEY (client_id, application_id) REFERENCES applications (client_id, id) ON DELETE CASCADE
);
CREATE INDEX rejection_emails_status_idx ON rejection_emails (client_id, status, send_at);
