-- Jobs, departments and categories (recruiting spec: Jobs, Departments and categories).
-- Shared by the jobs/career-site domain and the Indeed feed. Later changes go in 01xx files.
CREATE TABLE departments (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  category_ids uuid[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id)
);
CREATE UNIQUE INDEX departments_name_key ON departments (client_id, lower(name));

CREATE TABLE job_categories (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id)
);
CREATE UNIQUE INDEX job_categories_name_key ON job_categories (client_id, lower(name));

CREATE TABLE jobs (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  department_id uuid,
  category_id uuid,
  employment_type text,
  address1 text,
  city text,
  state text,
  zip_code text,
  country text NOT NULL DEFAULT 'US',
  lat double precision,
  lng double precision,
  remote boolean NOT NULL DEFAULT false,
  salary_min numeric(12, 2),
  salary_max numeric(12, 2),
  salary_currency text NOT NULL DEFAULT 'USD',
  salary_period text,
  date_posted timestamptz NOT NULL DEFAULT now(),
  valid_through timestamptz,
  requisition_id text,
  reference_number text NOT NULL,
  apply_url text,
  recruiters_assigned text[] NOT NULL DEFAULT '{}',
  recruiter_name text,
  recruiter_email text,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('draft', 'open', 'closed')),
  adid text,
  budget numeric(12, 2),
  indeed_apply boolean NOT NULL DEFAULT false,
  questions_list_id text,
  language text NOT NULL DEFAULT 'en',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id),
  UNIQUE (client_id, reference_number)
);
CREATE INDEX jobs_client_status_idx ON jobs (client_id, status, date_posted DESC);
