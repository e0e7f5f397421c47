-- The candidate search cache (apps/server/src/crm/search-cache, decision 0542): each app process keeps
-- recent replies of GET /api/crm/candidates in a bounded LRU keyed by, among others, the client's
-- candidate data version. That version is this table: the sum of a client's rows. Every write that can
-- change a search reply for a client bumps it IN THE SAME TRANSACTION, from a trigger on each table the
-- search and its reply read, so no write path (today's or a future one) can forget it, and a search that
-- reads the version sees the write and the new version together or neither.
--
-- One row per client and slot (the writing backend's pid modulo 16), not one per client: concurrent
-- writers of one client then almost never wait on each other's version row. The sum only grows (rows are
-- never deleted but with their client), so a version once passed never comes back.
--
-- A transaction bumps a client at most once: the first bump is remembered in a transaction-local
-- setting, so a 100,000-row import costs one row update, not 100,000 updates of one row.
--
-- On Citus the table is tenant-owned (client_id in its key), so distribute.ts co-locates it with
-- candidates: the trigger runs on the shard on its worker and writes the same tenant's shard of this
-- table, like the candidate_words trigger (0511). No NOTIFY is involved (shard writes cannot notify,
-- 0107), so the cache works there too.
CREATE TABLE candidate_search_versions (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  slot int NOT NULL,
  version bigint NOT NULL DEFAULT 1,
  PRIMARY KEY (client_id, slot)
);

CREATE FUNCTION hh_candidate_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c uuid;
  memo text;
BEGIN
  FOREACH c IN ARRAY CASE TG_OP
    WHEN 'INSERT' THEN ARRAY[NEW.client_id]
    WHEN 'DELETE' THEN ARRAY[OLD.client_id]
    ELSE CASE WHEN OLD.client_id IS DISTINCT FROM NEW.client_id THEN ARRAY[OLD.client_id, NEW.client_id] ELSE ARRAY[NEW.client_id] END
  END LOOP
    memo := 'hh_search_version.c' || replace(c::text, '-', '');
    CONTINUE WHEN current_setting(memo, true) = 'bumped';
    INSERT INTO candidate_search_versions AS v (client_id, slot) VALUES (c, pg_backend_pid() % 16)
      ON CONFLICT (client_id, slot) DO UPDATE SET version = v.version + 1;
    PERFORM set_config(memo, 'bumped', true);
  END LOOP;
  RETURN NULL;
END $$;

-- What a search reply is made of (crm/search/search-candidates.ts, crm/serialize.ts hydrateCandidates):
-- the candidate rows and their vocabulary (typo tolerance), favourites, list members, applications with
-- their stage and job title, resume and candidate files, and campaign unsubscribes.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['candidates', 'candidate_words', 'candidate_favorites', 'candidate_list_members', 'applications', 'job_stages', 'campaign_unsubscribes']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION hh_candidate_search_changed()', t || '_search_version', t);
  END LOOP;
END $$;
-- Files: only a candidate's (a logo or an image changes no search).
CREATE TRIGGER files_search_version_insert AFTER INSERT ON files FOR EACH ROW
  WHEN (NEW.kind IN ('resume', 'candidate_file')) EXECUTE FUNCTION hh_candidate_search_changed();
CREATE TRIGGER files_search_version_update AFTER UPDATE ON files FOR EACH ROW
  WHEN (OLD.kind IN ('resume', 'candidate_file') OR NEW.kind IN ('resume', 'candidate_file')) EXECUTE FUNCTION hh_candidate_search_changed();
CREATE TRIGGER files_search_version_delete AFTER DELETE ON files FOR EACH ROW
  WHEN (OLD.kind IN ('resume', 'candidate_file')) EXECUTE FUNCTION hh_candidate_search_changed();
-- Jobs: only the title and reference number an application shows (a job's other edits change no search;
-- a deleted job's applications are deleted, which bumps through applications).
CREATE TRIGGER jobs_search_version AFTER UPDATE OF title, reference_number ON jobs FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.reference_number IS DISTINCT FROM NEW.reference_number)
  EXECUTE FUNCTION hh_candidate_search_changed();
