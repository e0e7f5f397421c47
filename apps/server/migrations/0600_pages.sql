-- Career-site builder (decision 0030; recruiting spec 001 §3, §7): page templates, design options,
-- published page versions, meet-the-team settings, motivators and the motivator search page.
-- Tenant tables: client_id leads every primary and unique key, foreign keys between them carry
-- client_id, no triggers (docs/scaling.md). default_page_templates is product-wide (a reference
-- table): no client_id and no foreign key to a tenant table.

CREATE TABLE default_page_templates (
  name_key text PRIMARY KEY,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  content jsonb NOT NULL,
  seo jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE page_templates (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL DEFAULT 'Career site',
  pages jsonb NOT NULL DEFAULT '[]',
  custom_scripts jsonb NOT NULL DEFAULT '[]',
  social_networks jsonb NOT NULL DEFAULT '[]',
  social_metadata jsonb NOT NULL DEFAULT '{}',
  activity_log jsonb NOT NULL DEFAULT '[]',
  seo jsonb NOT NULL DEFAULT '{"keywords": []}',
  favicon text,
  favicon_icons jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id),
  -- One career site per client: its pages live in one template.
  UNIQUE (client_id)
);

CREATE TABLE page_design_options (
  client_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  template_id uuid NOT NULL,
  active_design jsonb NOT NULL,
  designs jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id),
  UNIQUE (client_id, template_id),
  FOREIGN KEY (client_id, template_id) REFERENCES page_templates (client_id, id) ON DELETE CASCADE
);

-- Every publish, update, unpublish and restore appends a row; rows are never changed. The newest
-- row of a page decides whether it is live (action <> 'unpublish').
CREATE TABLE published_page_versions (
  client_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  template_id uuid NOT NULL,
  page_slug text NOT NULL,
  page_name text NOT NULL,
  version integer NOT NULL,
  action text NOT NULL CHECK (action IN ('publish', 'update', 'unpublish', 'restore')),
  content jsonb NOT NULL,
  seo jsonb NOT NULL DEFAULT '{}',
  published_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id),
  UNIQUE (client_id, page_slug, version),
  FOREIGN KEY (client_id, template_id) REFERENCES page_templates (client_id, id) ON DELETE CASCADE
);

CREATE TABLE meet_the_team_settings (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  title text NOT NULL DEFAULT 'Meet the team',
  intro text NOT NULL DEFAULT '',
  departments text[] NOT NULL DEFAULT '{}',
  profile_order uuid[] NOT NULL DEFAULT '{}',
  layout text NOT NULL DEFAULT 'grid' CHECK (layout IN ('grid', 'strip', 'list')),
  favicon text,
  favicon_icons jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id),
  UNIQUE (client_id)
);

CREATE TABLE motivators (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  slug text NOT NULL,
  headline text NOT NULL DEFAULT '',
  story text NOT NULL DEFAULT '',
  image text,
  video text,
  icon text NOT NULL DEFAULT 'star',
  filter jsonb NOT NULL DEFAULT '{}',
  published boolean NOT NULL DEFAULT false,
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id),
  UNIQUE (client_id, slug)
);

CREATE TABLE motivator_search_pages (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  title text NOT NULL DEFAULT 'What matters to you?',
  intro text NOT NULL DEFAULT '',
  motivator_ids uuid[] NOT NULL DEFAULT '{}',
  published boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id),
  UNIQUE (client_id)
);
