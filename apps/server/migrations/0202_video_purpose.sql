-- What a video is for (decision 0030): 'wave' (a Wave answer: public only while its profile is Approved)
-- or 'page' (uploaded from the career-site editor: public once processed, like an image uploaded
-- through api/image/upload; docs/site-builder.md "Page videos"). Existing rows are Wave videos.
-- A plain column with a constant default: no table rewrite, and Citus propagates it to the shards.
ALTER TABLE videos ADD COLUMN purpose text NOT NULL DEFAULT 'wave' CHECK (purpose IN ('wave', 'page'));
