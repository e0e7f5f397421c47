-- Search performance (docs/career-sites.md, "Search performance"): keyword + radius in one index.
-- A multicolumn GiST index is one tree over all its columns, so a search descends only into the
-- tenant's subtrees whose boxes meet the radius box, and at the leaves also checks each job's
-- tsvector signature against the tsquery. Before, every open job inside the box was read from
-- the table to test its tsvector (6,200 rows for an 80-mile radius around Manhattan at 100,000
-- jobs); now only the signature matches are (the real matches plus a few percent of false
-- positives, rechecked). btree_gist (0102) supplies the uuid operator class.
DROP INDEX IF EXISTS jobs_geo_text_idx;
CREATE INDEX jobs_geo_text_idx ON jobs USING gist (client_id, earth, search_vector) WHERE status = 'open' AND earth IS NOT NULL;
