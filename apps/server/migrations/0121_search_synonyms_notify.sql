-- A client's search synonyms change what its career-site search finds: their writes drop the client's
-- cached search pages and replies in every process, like job writes (hh_site_notify of migration 0107,
-- and the same Citus note: on a cluster the page cache is off).
CREATE TRIGGER search_synonyms_site_notify AFTER INSERT OR UPDATE OR DELETE ON search_synonyms FOR EACH ROW EXECUTE FUNCTION hh_site_notify();
