-- Deep pages of the candidate list sorted by name are meant to be read from the index alone
-- (0540), but PostgreSQL plans an index-only scan on an expression index only when the columns
-- inside the expressions are in the index too: page 500 by last name read 12,500 table rows
-- (47 ms at 400,000 candidates, bench/candidates). With last_name and first_name included it reads
-- the index alone (4 ms).
DROP INDEX IF EXISTS candidates_live_name_idx;
CREATE INDEX candidates_live_name_idx ON candidates (client_id, lower(last_name), lower(first_name), id) INCLUDE (last_name, first_name)
  WHERE merged_into IS NULL;
