-- Team and identity (decision 0040): invitations, questions bank, email templates, single sign-on.
-- Tenant tables lead their keys with client_id (docs/scaling.md); product-wide tables have none
-- and no foreign key to a tenant table.

CREATE TABLE user_invitations (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  email text NOT NULL,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  purpose text NOT NULL DEFAULT 'team' CHECK (purpose IN ('team', 'wave')),
  user_type_wave text NOT NULL DEFAULT 'none',
  user_type_harvest text NOT NULL DEFAULT 'none',
  user_type_harvest_plus text NOT NULL DEFAULT 'none',
  user_type_cultivate text NOT NULL DEFAULT 'none',
  user_type_motivator text NOT NULL DEFAULT 'none',
  status text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Accepted', 'Revoked')),
  token_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  sent_count integer NOT NULL DEFAULT 1,
  last_sent_at timestamptz NOT NULL DEFAULT now(),
  invited_by uuid,
  accepted_user_id uuid,
  accepted_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id)
);
-- One open invitation per address and client; accepted and revoked ones stay as history.
CREATE UNIQUE INDEX user_invitations_pending_key ON user_invitations (client_id, lower(email)) WHERE status = 'Pending';
CREATE INDEX user_invitations_email_idx ON user_invitations (client_id, lower(email));

CREATE TABLE questions (
  client_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000',
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  is_global boolean NOT NULL DEFAULT false,
  destination text NOT NULL,
  question text NOT NULL,
  answer_type text NOT NULL DEFAULT 'text',
  options jsonb NOT NULL DEFAULT '[]',
  required boolean NOT NULL DEFAULT false,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id)
);
CREATE INDEX questions_destination_idx ON questions (client_id, destination);

CREATE TABLE email_templates (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  subject text NOT NULL DEFAULT '',
  email_value text NOT NULL,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id)
);
CREATE UNIQUE INDEX email_templates_name_key ON email_templates (client_id, name);

-- Single sign-on settings of a client (the switch itself is clients.sso).
CREATE TABLE client_sso_settings (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  issuer text NOT NULL,
  oidc_client_id text NOT NULL,
  oidc_client_secret text NOT NULL,
  email_domains text[] NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id)
);

-- Product-wide: which client owns an email domain (looked up before we know the tenant).
CREATE TABLE sso_domains (
  domain text PRIMARY KEY,
  client_id uuid NOT NULL
);

-- Product-wide: one row per started sign-in (state, PKCE verifier, nonce); single use, short-lived.
CREATE TABLE sso_states (
  state text PRIMARY KEY,
  client_id uuid NOT NULL,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  invitation_token text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- Product-wide: the one-time ticket that hands a finished SSO sign-in to the portal (the URL fragment of /login).
CREATE TABLE sso_tickets (
  ticket_hash text PRIMARY KEY,
  user_id uuid NOT NULL,
  client_id uuid NOT NULL,
  id_token text NOT NULL,
  redirect_to text NOT NULL DEFAULT '/',
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- The provider's id_token of an openid session, kept for RP-initiated logout (id_token_hint).
CREATE TABLE sso_sessions (
  session_id uuid PRIMARY KEY,
  client_id uuid NOT NULL,
  id_token text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
