-- Core platform: clients, users, sessions, settings, files, activity log, outbox.
-- Tenant-owned tables carry client_id in their primary key (docs/scaling.md).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS cube;
CREATE EXTENSION IF NOT EXISTS earthdistance;

CREATE TABLE clients (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  name_slug text NOT NULL,
  domain_url text,
  job_board_domain text,
  virtual_app_name text,
  address jsonb NOT NULL DEFAULT '{}',
  applicant_resume boolean NOT NULL DEFAULT false,
  quick_apply_option boolean NOT NULL DEFAULT false,
  selected_indeed_questions jsonb NOT NULL DEFAULT '[]',
  phone_number text,
  time_zone text,
  industry text,
  contract_number text,
  account_managers uuid[] NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'Suspended')),
  media_library_data jsonb,
  ai_search boolean NOT NULL DEFAULT false,
  sso boolean NOT NULL DEFAULT false,
  jobs_feed_url text,
  subscriptions jsonb NOT NULL DEFAULT '{"cultivate":false,"harvest":false,"harvestPlus":false,"wave":false,"motivator":false,"media":false}',
  candidate_api_public_key text,
  candidate_api_key text,
  candidate_api_key_renewal_date timestamptz,
  integrations jsonb NOT NULL DEFAULT '{}',
  unread_conversations_count integer NOT NULL DEFAULT 0,
  page_summary jsonb NOT NULL DEFAULT '[]',
  indeed_apply_questions_groups jsonb NOT NULL DEFAULT '[]',
  default_indeed_apply_questions jsonb,
  ga4_measurement_id text,
  logo text,
  utm_source text,
  utm_medium text,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX clients_name_slug_key ON clients (lower(name_slug));
CREATE UNIQUE INDEX clients_domain_url_key ON clients (lower(domain_url)) WHERE domain_url IS NOT NULL;
CREATE INDEX clients_created_by_idx ON clients (created_by);
CREATE INDEX clients_account_managers_idx ON clients USING gin (account_managers);
CREATE INDEX clients_virtual_app_name_idx ON clients (lower(virtual_app_name));
CREATE INDEX clients_name_trgm_idx ON clients USING gin (name gin_trgm_ops);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  password_hash text,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  address jsonb NOT NULL DEFAULT '{}',
  company jsonb NOT NULL DEFAULT '{}',
  client_id uuid REFERENCES clients (id) ON DELETE SET NULL,
  department text,
  user_type_global text NOT NULL DEFAULT 'user',
  user_type_wave text NOT NULL DEFAULT 'none',
  user_type_harvest text NOT NULL DEFAULT 'none',
  user_type_harvest_plus text NOT NULL DEFAULT 'none',
  user_type_cultivate text NOT NULL DEFAULT 'none',
  user_type_motivator text NOT NULL DEFAULT 'none',
  logo text,
  status text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'Suspended')),
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE INDEX users_client_id_idx ON users (client_id);
CREATE INDEX users_created_by_idx ON users (created_by);

CREATE TABLE auth_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  strategy text NOT NULL DEFAULT 'access',
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX auth_sessions_user_idx ON auth_sessions (user_id);

CREATE TABLE refresh_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  session_id uuid NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id);

CREATE TABLE login_failures (
  id bigserial PRIMARY KEY,
  email_lower text NOT NULL,
  ip text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_lookup_idx ON login_failures (email_lower, ip, at);

CREATE TABLE password_resets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE user_settings (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  crm jsonb NOT NULL DEFAULT '{"requisitions":{"columns":[]}}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id),
  UNIQUE (client_id, user_id)
);

CREATE TABLE client_form_questions (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  question text NOT NULL,
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id)
);

CREATE TABLE media_libraries (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  images jsonb NOT NULL DEFAULT '[]',
  videos jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id)
);

-- Uploaded files. client_id is the nil uuid for files that belong to a user, not a tenant (avatars).
CREATE TABLE files (
  client_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000',
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  owner_id uuid,
  storage_key text NOT NULL,
  content_type text NOT NULL,
  size_bytes bigint NOT NULL,
  kind text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id),
  UNIQUE (client_id, storage_key)
);
CREATE INDEX files_storage_key_idx ON files (storage_key);

-- Platform-level events use the nil uuid as client_id.
CREATE TABLE activity_logs (
  client_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000',
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  actor_id uuid,
  actor_email text,
  action text NOT NULL,
  entity text NOT NULL,
  entity_id text,
  changes jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id)
);
CREATE INDEX activity_logs_client_time_idx ON activity_logs (client_id, created_at DESC);

CREATE TABLE outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text,
  attachments jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_error text
);
CREATE INDEX outbox_created_idx ON outbox (created_at DESC);
