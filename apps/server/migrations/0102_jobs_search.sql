-- Job search: full text, typo tolerance and distance.
-- department_name is a copy of departments.name kept by the write path, so the generated
-- tsvector can weigh title (A), department (B) and description (C) in one indexed column.
CREATE EXTENSION IF NOT EXISTS btree_gist;

ALTER TABLE jobs ADD COLUMN department_name text;
ALTER TABLE jobs ADD COLUMN category_name text;
ALTER TABLE jobs ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
  setweight(to_tsvector('english', coalesce(department_name, '')), 'B') ||
  setweight(to_tsvector('english', left(regexp_replace(coalesce(description, ''), '<[^>]*>', ' ', 'g'), 20000)), 'C')
) STORED;

CREATE INDEX jobs_search_vector_idx ON jobs USING gin (search_vector);
CREATE INDEX jobs_title_trgm_idx ON jobs USING gin (title gin_trgm_ops);
-- Index-assisted radius prefilter: earth_box(ll_to_earth(...), r) @> ll_to_earth(lat, lng).
CREATE INDEX jobs_earth_idx ON jobs USING gist (client_id, ll_to_earth(lat, lng)) WHERE status = 'open' AND lat IS NOT NULL;
CREATE INDEX jobs_client_open_idx ON jobs (client_id, date_posted DESC) WHERE status = 'open';
CREATE INDEX jobs_client_department_idx ON jobs (client_id, department_id);
CREATE INDEX jobs_client_adid_idx ON jobs (client_id, adid) WHERE adid IS NOT NULL;

-- Prequalification questions (recruiting spec: scoped by clientId, optional jobId and departmentId).
CREATE TABLE prequalification_questions (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  job_id uuid,
  department_id uuid,
  questions jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id)
);
-- One set per scope: client-wide, per department, per job.
CREATE UNIQUE INDEX prequalification_scope_key ON prequalification_questions (
  client_id, coalesce(job_id, '00000000-0000-0000-0000-000000000000'), coalesce(department_id, '00000000-0000-0000-0000-000000000000')
);

-- Job imports (CSV/JSON upload or the client's jobsFeedUrl), run in the background.
CREATE TABLE job_imports (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  source text NOT NULL CHECK (source IN ('file', 'feed')),
  file_name text,
  format text,
  storage_key text,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
  total integer NOT NULL DEFAULT 0,
  processed integer NOT NULL DEFAULT 0,
  created_count integer NOT NULL DEFAULT 0,
  updated_count integer NOT NULL DEFAULT 0,
  closed_count integer NOT NULL DEFAULT 0,
  errors jsonb NOT NULL DEFAULT '[]',
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  PRIMARY KEY (client_id, id)
);
CREATE INDEX job_imports_client_time_idx ON job_imports (client_id, created_at DESC);

-- First-party career-site analytics (job views, searches, applications) for /harvest/dashboard.
CREATE TABLE site_events (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  type text NOT NULL CHECK (type IN ('job_view', 'search', 'application')),
  job_id uuid,
  data jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id)
);
CREATE INDEX site_events_client_type_time_idx ON site_events (client_id, type, created_at);
