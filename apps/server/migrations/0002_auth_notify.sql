-- Session cache invalidation (docs/decisions/0005-session-cache.md): every app process caches the
-- session+user row of signed-in calls and LISTENs on 'hh_auth'. Any change to what that row holds
-- notifies with the user's id (delivered at commit), so every process drops that user's sessions.
-- Inserts need no notification: a new session or user is never in a cache yet.
CREATE FUNCTION hh_auth_notify_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hh_auth', OLD.id::text);
  RETURN NULL;
END $$;

CREATE FUNCTION hh_auth_notify_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hh_auth', OLD.user_id::text);
  IF TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
    PERFORM pg_notify('hh_auth', NEW.user_id::text);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER users_auth_notify_update AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status
     OR OLD.client_id IS DISTINCT FROM NEW.client_id
     OR OLD.email IS DISTINCT FROM NEW.email
     OR OLD.user_type_global IS DISTINCT FROM NEW.user_type_global
     OR OLD.user_type_wave IS DISTINCT FROM NEW.user_type_wave
     OR OLD.user_type_harvest IS DISTINCT FROM NEW.user_type_harvest
     OR OLD.user_type_harvest_plus IS DISTINCT FROM NEW.user_type_harvest_plus
     OR OLD.user_type_cultivate IS DISTINCT FROM NEW.user_type_cultivate
     OR OLD.user_type_motivator IS DISTINCT FROM NEW.user_type_motivator
     OR OLD.id IS DISTINCT FROM NEW.id)
  EXECUTE FUNCTION hh_auth_notify_user();
CREATE TRIGGER users_auth_notify_delete AFTER DELETE ON users FOR EACH ROW
  EXECUTE FUNCTION hh_auth_notify_user();

CREATE TRIGGER auth_sessions_notify_update AFTER UPDATE ON auth_sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at
     OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
     OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION hh_auth_notify_session();
CREATE TRIGGER auth_sessions_notify_delete AFTER DELETE ON auth_sessions FOR EACH ROW
  EXECUTE FUNCTION hh_auth_notify_session();
