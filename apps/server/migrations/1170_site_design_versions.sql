-- The career site's design is a draft until a harvest admin publishes it (docs/site-builder.md
-- "Design: draft, preview, publish"). page_design_options.active_design stays the draft the design
-- form edits; each publish of the design, and each restore of an earlier one, is a new immutable
-- version here. Visitors' pages use the newest version, whatever the draft holds.
CREATE TABLE site_design_versions (
  client_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  version integer NOT NULL,
  action text NOT NULL CHECK (action IN ('publish', 'restore')),
  design jsonb NOT NULL,
  -- A restore names the version it brought back.
  restored_from integer,
  published_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id),
  UNIQUE (client_id, version)
);

-- What visitors see today becomes version 1, so nothing changes on any site: the design published
-- with the newest page version that carries one, else (a site whose pages were published before
-- those snapshots, or never published) the saved design, which its pages were drawn with until now.
INSERT INTO site_design_versions (client_id, version, action, design)
SELECT DISTINCT ON (d.client_id) d.client_id, 1, 'publish', COALESCE(v.site -> 'design', d.active_design)
  FROM page_design_options d
  LEFT JOIN published_page_versions v ON v.client_id = d.client_id AND v.site ? 'design'
 ORDER BY d.client_id, v.created_at DESC NULLS LAST, v.version DESC NULLS LAST, d.updated_at DESC;
