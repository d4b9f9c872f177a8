-- Every change to what a session check reads (the session, its user, the user's roles, permissions
-- and scope, a role's permissions) is announced on the channel `falcon_auth` when its transaction
-- commits, so that each server instance drops the sessions it keeps in memory (src/auth/session-cache.ts,
-- ADR 0044). Payload: `s:<session id>`, `u:<user id>`, or `*` (a role changed: every session).
CREATE FUNCTION falcon_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_data record;
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('falcon_auth', '*');
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN row_data := OLD; ELSE row_data := NEW; END IF;
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('falcon_auth', 's:' || OLD.id);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('falcon_auth', 'u:' || row_data.id);
  ELSIF TG_TABLE_NAME IN ('user_roles', 'user_permissions', 'user_scope') THEN
    PERFORM pg_notify('falcon_auth', 'u:' || row_data.user_id);
    IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
      PERFORM pg_notify('falcon_auth', 'u:' || OLD.user_id);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A session's last_seen_at moves forward every 15 s of activity: not announced (an instance that kept
-- an older time asks the database before it ends the session). Its end is, and any other change.
CREATE TRIGGER sessions_auth_changed AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION falcon_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_auth_updated AFTER UPDATE ON sessions
  FOR EACH ROW WHEN (
    NEW.last_seen_at < OLD.last_seen_at
    OR (NEW.id, NEW.user_id, NEW.impersonated_by, NEW.created_at)
      IS DISTINCT FROM (OLD.id, OLD.user_id, OLD.impersonated_by, OLD.created_at)
  ) EXECUTE FUNCTION falcon_auth_changed();
--> statement-breakpoint
-- Sign-in writes last_login: not announced (it changes nothing a session check reads).
CREATE TRIGGER users_auth_changed AFTER UPDATE ON users
  FOR EACH ROW WHEN (
    (OLD.username, OLD.password_hash, OLD.firstname, OLD.lastname, OLD.email, OLD.phone, OLD.language,
     OLD.session_timeout_minutes, OLD.employee_key, OLD.scope_all, OLD.active)
    IS DISTINCT FROM
    (NEW.username, NEW.password_hash, NEW.firstname, NEW.lastname, NEW.email, NEW.phone, NEW.language,
     NEW.session_timeout_minutes, NEW.employee_key, NEW.scope_all, NEW.active)
  ) EXECUTE FUNCTION falcon_auth_changed();
--> statement-breakpoint
CREATE TRIGGER users_auth_deleted AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION falcon_auth_changed();
--> statement-breakpoint
CREATE TRIGGER user_roles_auth_changed AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION falcon_auth_changed();
--> statement-breakpoint
CREATE TRIGGER user_permissions_auth_changed AFTER INSERT OR UPDATE OR DELETE ON user_permissions
  FOR EACH ROW EXECUTE FUNCTION falcon_auth_changed();
--> statement-breakpoint
CREATE TRIGGER user_scope_auth_changed AFTER INSERT OR UPDATE OR DELETE ON user_scope
  FOR EACH ROW EXECUTE FUNCTION falcon_auth_changed();
--> statement-breakpoint
-- A role's name (the session lists it) or permissions: whoever holds it, so every kept session.
CREATE TRIGGER roles_auth_changed AFTER UPDATE OR DELETE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION falcon_auth_changed();
--> statement-breakpoint
CREATE TRIGGER role_permissions_auth_changed AFTER INSERT OR UPDATE OR DELETE ON role_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION falcon_auth_changed();
