-- Wave: uploaded videos, employee video profiles and embeddable widgets (core spec §3, §7).
-- Every table is tenant-owned: client_id leads the primary key (docs/scaling.md).

CREATE TABLE videos (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  owner_id uuid,
  state text NOT NULL DEFAULT 'uploading' CHECK (state IN ('uploading', 'processing', 'ready', 'failed')),
  -- One-time upload URL: the signed token names this nonce; the first POST stamps upload_used_at.
  upload_nonce text NOT NULL,
  upload_expires_at timestamptz NOT NULL,
  upload_used_at timestamptz,
  file_name text,
  original_key text,
  size_bytes bigint,
  duration double precision,
  width integer,
  height integer,
  codec text,
  audio_codec text,
  playback_key text,
  thumbnail_key text,
  preview_key text,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id)
);
CREATE INDEX videos_owner_idx ON videos (client_id, owner_id);

CREATE TABLE wave_profiles (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  -- The owner: the employee whose profile this is. NULL while an invitation is not yet claimed.
  created_by uuid,
  owner_email text NOT NULL,
  invited_by uuid,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  title text NOT NULL DEFAULT '',
  university text NOT NULL DEFAULT '',
  interests text NOT NULL DEFAULT '',
  profile_video uuid,
  department text NOT NULL DEFAULT '',
  department_id uuid,
  status text NOT NULL DEFAULT 'In Progress' CHECK (status IN ('In Progress', 'Pending Review', 'Approved', 'Rejected')),
  questions jsonb NOT NULL DEFAULT '[]',
  rejection_reason text,
  reviewed_by uuid,
  reviewed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id)
);
-- One profile per employee per client ("You already have a Wave profile!").
CREATE UNIQUE INDEX wave_profiles_owner_key ON wave_profiles (client_id, created_by) WHERE created_by IS NOT NULL;
CREATE UNIQUE INDEX wave_profiles_email_key ON wave_profiles (client_id, lower(owner_email));
CREATE INDEX wave_profiles_status_idx ON wave_profiles (client_id, status);
CREATE INDEX wave_profiles_department_idx ON wave_profiles (client_id, department_id);
CREATE INDEX wave_profiles_invited_idx ON wave_profiles (client_id, invited_by);

CREATE TABLE widgets (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL DEFAULT '',
  thumbnail_type text NOT NULL DEFAULT 'video_still',
  embedding_permissions text[] NOT NULL DEFAULT '{}',
  video_controls jsonb NOT NULL DEFAULT '{"fullscreenSwitch": true, "shareSwitch": false, "volumeSwitch": true, "playbarSwitch": true}',
  style jsonb NOT NULL,
  view_more_button_text text NOT NULL DEFAULT 'View More',
  font text NOT NULL DEFAULT 'Source Sans Pro',
  widget_title_text text NOT NULL DEFAULT 'Meet Our Managers',
  orientation text NOT NULL DEFAULT 'horizontal' CHECK (orientation IN ('horizontal', 'vertical')),
  departments text[] NOT NULL DEFAULT '{}',
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id)
);
-- The public embed names only the widget id; this index finds its tenant.
CREATE UNIQUE INDEX widgets_id_key ON widgets (id, client_id);
