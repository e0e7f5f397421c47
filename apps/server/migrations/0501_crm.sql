-- Candidate CRM (decision 0012). Every table is tenant-owned: client_id leads each primary and unique key,
-- foreign keys between tenant tables include client_id, and no triggers (docs/scaling.md).

-- The pipeline statuses are names; the default pipeline is capitalised (decision 0012).
ALTER TABLE candidates ALTER COLUMN status SET DEFAULT 'New';
UPDATE candidates SET status = 'New' WHERE status = 'new';

ALTER TABLE candidates ADD COLUMN tags text[] NOT NULL DEFAULT '{}';
ALTER TABLE candidates ADD COLUMN experience jsonb NOT NULL DEFAULT '[]';
ALTER TABLE candidates ADD COLUMN education jsonb NOT NULL DEFAULT '[]';
ALTER TABLE candidates ADD COLUMN lat double precision;
ALTER TABLE candidates ADD COLUMN lng double precision;
ALTER TABLE candidates ADD COLUMN last_activity_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE candidates ADD COLUMN consent jsonb;
ALTER TABLE candidates ADD COLUMN merged_into uuid;
ALTER TABLE candidates ADD COLUMN anonymized_at timestamptz;
ALTER TABLE candidates ADD COLUMN earth cube GENERATED ALWAYS AS (CASE WHEN lat IS NULL OR lng IS NULL THEN NULL ELSE ll_to_earth(lat, lng) END) STORED;

-- array_to_string is STABLE only because some element types print by settings; for text[] it is
-- immutable, which the generated search column needs.
CREATE FUNCTION hh_crm_words(text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT array_to_string($1, ' ') $$;

ALTER TABLE candidates ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple', first_name || ' ' || last_name || ' ' || email || ' ' || coalesce(phone, '') || ' ' || regexp_replace(coalesce(phone, ''), '\D', '', 'g')), 'A') ||
  setweight(to_tsvector('english', hh_crm_words(skills) || ' ' || hh_crm_words(tags)), 'B') ||
  setweight(to_tsvector('simple', hh_crm_words(skills) || ' ' || hh_crm_words(tags)), 'B') ||
  setweight(to_tsvector('english', left(resume_text, 200000)), 'D')
) STORED;

CREATE INDEX candidates_search_idx ON candidates USING gin (search_vector);
CREATE INDEX candidates_client_created_idx ON candidates (client_id, created_at DESC, id);
CREATE INDEX candidates_client_updated_idx ON candidates (client_id, updated_at DESC, id);
CREATE INDEX candidates_client_name_idx ON candidates (client_id, lower(last_name), lower(first_name), id);
CREATE INDEX candidates_client_status_idx ON candidates (client_id, status);
CREATE INDEX candidates_tags_idx ON candidates USING gin (tags);
CREATE INDEX candidates_skills_idx ON candidates USING gin (skills);
CREATE INDEX candidates_earth_idx ON candidates USING gist (client_id, earth) WHERE earth IS NOT NULL;
CREATE INDEX candidates_name_trgm_idx ON candidates USING gin ((first_name || ' ' || last_name) gin_trgm_ops);
CREATE INDEX applications_candidate_idx ON applications (client_id, candidate_id);
CREATE INDEX applications_client_created_idx ON applications (client_id, created_at DESC);

-- Per-client CRM settings: the pipeline (ordered status names) and privacy retention.
CREATE TABLE crm_settings (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  statuses text[] NOT NULL DEFAULT '{New,Screening,Interview,Offer,Hired,Rejected}',
  retention_months integer,
  consent_text text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id)
);

-- Tags and response sources: the client's catalogues (candidates.tags and candidates.source hold the names).
CREATE TABLE candidate_tags (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  color text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id)
);
CREATE UNIQUE INDEX candidate_tags_name_key ON candidate_tags (client_id, lower(name));

CREATE TABLE response_sources (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id)
);
CREATE UNIQUE INDEX response_sources_name_key ON response_sources (client_id, lower(name));

-- Favourites are per recruiter.
CREATE TABLE candidate_favorites (
  client_id uuid NOT NULL,
  candidate_id uuid NOT NULL,
  user_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, candidate_id, user_id),
  FOREIGN KEY (client_id, candidate_id) REFERENCES candidates (client_id, id) ON DELETE CASCADE
);
CREATE INDEX candidate_favorites_user_idx ON candidate_favorites (client_id, user_id);

-- The timeline: who did what, when (status moves, tags, notes, emails, reminders, referrals, forwards).
CREATE TABLE candidate_events (
  client_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  candidate_id uuid NOT NULL,
  actor_id uuid,
  actor_email text,
  type text NOT NULL,
  data jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id),
  FOREIGN KEY (client_id, candidate_id) REFERENCES candidates (client_id, id) ON DELETE CASCADE
);
CREATE INDEX candidate_events_candidate_idx ON candidate_events (client_id, candidate_id, created_at DESC);

-- Alerts: a saved search (optionally about one candidate) that emails its recipient.
CREATE TABLE candidate_alerts (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  candidate_id uuid,
  name text NOT NULL,
  search_query text NOT NULL DEFAULT '',
  filters jsonb NOT NULL DEFAULT '{}',
  frequency text NOT NULL DEFAULT 'daily',
  email text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  last_run_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id)
);
CREATE INDEX candidate_alerts_candidate_idx ON candidate_alerts (client_id, candidate_id);

-- Follow-up reminders: emailed to the recruiter on reminder_date through the queue.
CREATE TABLE candidate_follow_ups (
  client_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  candidate_id uuid NOT NULL,
  user_id uuid,
  user_email text NOT NULL,
  reminder_date date NOT NULL,
  note text,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id),
  FOREIGN KEY (client_id, candidate_id) REFERENCES candidates (client_id, id) ON DELETE CASCADE
);
CREATE INDEX candidate_follow_ups_due_idx ON candidate_follow_ups (reminder_date) WHERE sent_at IS NULL;

-- Saved candidate lists.
CREATE TABLE candidate_lists (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  recruiter_email text NOT NULL,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id)
);
CREATE INDEX candidate_lists_recruiter_idx ON candidate_lists (client_id, lower(recruiter_email));

CREATE TABLE candidate_list_members (
  client_id uuid NOT NULL,
  list_id uuid NOT NULL,
  candidate_id uuid NOT NULL,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, list_id, candidate_id),
  FOREIGN KEY (client_id, list_id) REFERENCES candidate_lists (client_id, id) ON DELETE CASCADE,
  FOREIGN KEY (client_id, candidate_id) REFERENCES candidates (client_id, id) ON DELETE CASCADE
);

-- Campaigns: a draft written in our own editor, sent to a list through the outbox/SMTP.
CREATE TABLE campaigns (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  list_id uuid,
  name text NOT NULL,
  subject text NOT NULL DEFAULT '',
  body text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'draft',
  sent_count integer NOT NULL DEFAULT 0,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  PRIMARY KEY (client_id, id)
);

-- Addresses that unsubscribed from a client's campaigns.
CREATE TABLE campaign_unsubscribes (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, email)
);
