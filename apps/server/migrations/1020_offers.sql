-- Offers (docs/offers.md): per-client offer letter templates, one offer per application with an
-- ordered approval chain, and the job's count of open positions that an accepted offer fills.
-- Tenant tables lead their keys with client_id and their foreign keys include it (docs/scaling.md).

-- A constant default is a catalogue change (no table rewrite, no long lock on a large jobs table).
ALTER TABLE jobs ADD COLUMN open_positions integer NOT NULL DEFAULT 1;
ALTER TABLE jobs ADD CONSTRAINT jobs_open_positions_check CHECK (open_positions >= 0) NOT VALID;

CREATE TABLE offer_templates (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  -- The letter as sanitised rich text (core/rich-html.ts) with {{field}} merge fields.
  body text NOT NULL,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id)
);
CREATE UNIQUE INDEX offer_templates_name_key ON offer_templates (client_id, lower(name));

CREATE TABLE offers (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  application_id uuid NOT NULL,
  candidate_id uuid NOT NULL,
  job_id uuid NOT NULL,
  -- The template it was written from (no foreign key: deleting a template leaves its offers intact),
  -- and the template's text copied at the last edit, so approvers approve the exact letter sent.
  template_id uuid,
  body text NOT NULL,
  salary numeric(12, 2) NOT NULL CHECK (salary >= 0),
  currency text NOT NULL,
  start_date date NOT NULL,
  manager_name text NOT NULL,
  expires_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending_approval'
    CHECK (status IN ('pending_approval', 'approved', 'sent', 'accepted', 'declined')),
  -- Incremented by every edit: an edit restarts the approval chain and retires links sent before it.
  revision integer NOT NULL DEFAULT 1,
  sent_at timestamptz,
  answered_at timestamptz,
  accepted_name text,
  accepted_ip text,
  decline_reason text,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id),
  FOREIGN KEY (client_id, application_id) REFERENCES applications (client_id, id) ON DELETE CASCADE
);
-- One offer per application (an edit revises it; a declined offer may be revised and sent again).
CREATE UNIQUE INDEX offers_application_key ON offers (client_id, application_id);
CREATE INDEX offers_job_idx ON offers (client_id, job_id);

-- The approval chain, in order: the first position without approved_at is the current approver.
CREATE TABLE offer_approvals (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  offer_id uuid NOT NULL,
  position integer NOT NULL,
  user_id uuid NOT NULL,
  approved_at timestamptz,
  PRIMARY KEY (client_id, offer_id, position),
  FOREIGN KEY (client_id, offer_id) REFERENCES offers (client_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX offer_approvals_user_key ON offer_approvals (client_id, offer_id, user_id);
