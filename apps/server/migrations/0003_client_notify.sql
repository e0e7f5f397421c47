-- Client row cache invalidation (docs/decisions/0005-session-cache.md): every app process caches
-- the client rows that loadAccessibleClient reads and LISTENs on 'hh_client'. Any update (whatever
-- the column) or delete of a client notifies with its id (delivered at commit), so every process
-- drops that row. Inserts need no notification: a new client is never in a cache yet.
CREATE FUNCTION hh_client_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hh_client', OLD.id::text);
  IF TG_OP = 'UPDATE' AND NEW.id IS DISTINCT FROM OLD.id THEN
    PERFORM pg_notify('hh_client', NEW.id::text);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER clients_notify_update AFTER UPDATE ON clients FOR EACH ROW
  EXECUTE FUNCTION hh_client_notify();
CREATE TRIGGER clients_notify_delete AFTER DELETE ON clients FOR EACH ROW
  EXECUTE FUNCTION hh_client_notify();
