-- Candidate list and search at 1,000,000 candidates (bench/candidates, decision 0540).
-- Deep pages of the live list (merged candidates left out) are read from the index alone, ids
-- first and rows after: one index per sort that paging goes deep in, both directions.
CREATE INDEX IF NOT EXISTS candidates_live_created_idx ON candidates (client_id, created_at, id) WHERE merged_into IS NULL;
CREATE INDEX IF NOT EXISTS candidates_live_name_idx ON candidates (client_id, lower(last_name), lower(first_name), id) WHERE merged_into IS NULL;
