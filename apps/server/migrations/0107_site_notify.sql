-- Public career-site cache invalidation (docs/decisions/0600-public-page-cache.md): every app process
-- caches rendered career pages and public search replies per client and LISTENs on 'hh_site' (on the
-- session cache's listener connection, plugins/session-cache.ts). Any insert, update or delete of a job
-- row a public page shows (jobs, departments, categories, prequalification questions) notifies with the
-- row's client id (delivered at commit; PostgreSQL sends one notification per client and transaction
-- however many rows changed, so a 100,000-job import sends one), and every process drops that client's
-- pages. Client rows already notify 'hh_client' (0003), which the page cache also follows. The page and
-- team tables are created by later migrations; until one of their own adds this trigger to them, their
-- writes notify from the app (sites/routes.ts).
-- As in 0900, nothing is sent from Citus's internal connections (a worker's shard write): on a Citus
-- cluster the page cache is off (sites/page-cache.ts), so no page can outlive its data there.
CREATE FUNCTION hh_site_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('application_name') LIKE 'citus\_internal gpid=%' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('hh_site', NEW.client_id::text);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('hh_site', OLD.client_id::text);
  ELSE
    PERFORM pg_notify('hh_site', OLD.client_id::text);
    IF NEW.client_id IS DISTINCT FROM OLD.client_id THEN
      PERFORM pg_notify('hh_site', NEW.client_id::text);
    END IF;
  END IF;
  RETURN NULL;
END $$;

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['jobs', 'departments', 'job_categories', 'prequalification_questions']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION hh_site_notify()', t || '_site_notify', t);
  END LOOP;
END $$;
