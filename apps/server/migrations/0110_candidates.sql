-- Candidates and their applications. Shared by the career-site apply form and Indeed Apply.
CREATE TABLE candidates (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  email text NOT NULL,
  phone text,
  city text,
  state text,
  zip_code text,
  country text,
  source text NOT NULL DEFAULT 'careersite',
  status text NOT NULL DEFAULT 'new',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id)
);
CREATE UNIQUE INDEX candidates_email_key ON candidates (client_id, lower(email));

CREATE TABLE applications (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  candidate_id uuid NOT NULL,
  job_id uuid NOT NULL,
  source text NOT NULL DEFAULT 'careersite',
  external_id text,
  answers jsonb NOT NULL DEFAULT '[]',
  resume_key text,
  resume_name text,
  resume_content_type text,
  tracking jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'new',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id),
  UNIQUE (client_id, job_id, candidate_id),
  FOREIGN KEY (client_id, candidate_id) REFERENCES candidates (client_id, id) ON DELETE CASCADE,
  FOREIGN KEY (client_id, job_id) REFERENCES jobs (client_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX applications_external_key ON applications (client_id, source, external_id) WHERE external_id IS NOT NULL;
CREATE INDEX applications_job_idx ON applications (client_id, job_id);
