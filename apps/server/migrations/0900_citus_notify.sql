-- Cache invalidation on a Citus cluster (docs/scaling.md, "What Citus refused, and the fix").
-- clients, users and auth_sessions are reference tables there: a copy on every node, the coordinator
-- included, and each write is applied to every copy, so these NOTIFY triggers (0002, 0003) fire on
-- every node. The workers apply it in a two-phase-commit transaction, which PostgreSQL refuses to
-- PREPARE after a NOTIFY ("cannot PREPARE a transaction that has executed LISTEN, UNLISTEN, or
-- NOTIFY"), and nobody listens there anyway: the app processes LISTEN on the coordinator, whose copy
-- is written by the app's own backend. So the functions notify only outside Citus's internal
-- connections (application_name 'citus_internal gpid=…'). On plain PostgreSQL nothing changes.
CREATE OR REPLACE FUNCTION hh_auth_notify_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('application_name') LIKE 'citus\_internal gpid=%' THEN RETURN NULL; END IF;
  PERFORM pg_notify('hh_auth', OLD.id::text);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION hh_auth_notify_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('application_name') LIKE 'citus\_internal gpid=%' THEN RETURN NULL; END IF;
  PERFORM pg_notify('hh_auth', OLD.user_id::text);
  IF TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
    PERFORM pg_notify('hh_auth', NEW.user_id::text);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION hh_client_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('application_name') LIKE 'citus\_internal gpid=%' THEN RETURN NULL; END IF;
  PERFORM pg_notify('hh_client', OLD.id::text);
  IF TG_OP = 'UPDATE' AND NEW.id IS DISTINCT FROM OLD.id THEN
    PERFORM pg_notify('hh_client', NEW.id::text);
  END IF;
  RETURN NULL;
END $$;
