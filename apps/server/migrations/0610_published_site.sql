-- What a visitor sees of a career site comes from what a harvest admin published, never from the
-- draft an editor may change: every published version carries a snapshot of the site-wide settings
-- (custom scripts, social metadata and networks, SEO keywords, favicon, design) taken when it was
-- published. The career pages read the newest snapshot.
ALTER TABLE published_page_versions ADD COLUMN site jsonb;

-- Versions published before this column: what was live then was the template's current state.
UPDATE published_page_versions v
   SET site = jsonb_build_object(
         'customScripts', s.custom_scripts,
         'socialMetadata', s.social_metadata,
         'socialNetworks', s.social_networks,
         'seo', s.seo,
         'favicon', s.favicon,
         'design', s.active_design)
  FROM (SELECT t.client_id, t.id, t.custom_scripts, t.social_metadata, t.social_networks, t.seo, t.favicon, d.active_design
          FROM page_templates t
          LEFT JOIN page_design_options d ON d.client_id = t.client_id AND d.template_id = t.id) s
 WHERE s.client_id = v.client_id AND s.id = v.template_id AND v.site IS NULL;
