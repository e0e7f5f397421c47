-- Distance search: the earth position of a job stored once (ll_to_earth is immutable), so the radius
-- prefilter and the exact distance read it instead of computing it for every candidate row.
ALTER TABLE jobs ADD COLUMN earth cube GENERATED ALWAYS AS (CASE WHEN lat IS NULL OR lng IS NULL THEN NULL ELSE ll_to_earth(lat, lng) END) STORED;
DROP INDEX IF EXISTS jobs_earth_idx;
CREATE INDEX jobs_earth_idx ON jobs USING gist (client_id, earth) WHERE status = 'open' AND earth IS NOT NULL;
