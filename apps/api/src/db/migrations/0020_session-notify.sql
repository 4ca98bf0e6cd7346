-- Exact revocation for the per-instance session cache (apps/api/src/http/session-cache.ts): every change
-- that can end or alter what a token resolves to (http/access.ts, `resolve_actor`) sends
-- NOTIFY rentloop_auth with the user's id, or '*' when every entry must go. Notifications are delivered
-- at commit (a rolled-back change sends nothing), identical ones of one transaction once, and the
-- instances' listeners drop the user's cached sessions (db/notify.ts). A change not listed here cannot
-- change the answer of `resolve_actor`: new sessions, names, preferences, company settings.
CREATE OR REPLACE FUNCTION rentloop_auth_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('rentloop_auth', '*');
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('rentloop_auth', OLD.id::text);
  ELSE
    -- sessions, company_users: the user of the row before and after the change.
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('rentloop_auth', OLD.user_id::text);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM pg_notify('rentloop_auth', NEW.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint

-- Sessions: logout, refresh rotation, family revocation, password change (revoked_at); a deleted session
-- that could still be used. The nightly purge deletes expired sessions only, which no cache serves.
CREATE TRIGGER sessions_auth_notify_update AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at
    OR OLD.access_hash IS DISTINCT FROM NEW.access_hash
    OR OLD.access_expires_at IS DISTINCT FROM NEW.access_expires_at
    OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION rentloop_auth_notify();--> statement-breakpoint
CREATE TRIGGER sessions_auth_notify_delete AFTER DELETE ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS NULL AND OLD.access_expires_at > now())
  EXECUTE FUNCTION rentloop_auth_notify();--> statement-breakpoint

-- Users: disabled (status), operator role, email verified, password changed, deleted.
CREATE TRIGGER users_auth_notify_update AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status
    OR OLD.role IS DISTINCT FROM NEW.role
    OR OLD.email_verified_at IS DISTINCT FROM NEW.email_verified_at
    OR OLD.password_hash IS DISTINCT FROM NEW.password_hash
    OR OLD.id IS DISTINCT FROM NEW.id)
  EXECUTE FUNCTION rentloop_auth_notify();--> statement-breakpoint
CREATE TRIGGER users_auth_notify_delete AFTER DELETE ON users FOR EACH ROW
  EXECUTE FUNCTION rentloop_auth_notify();--> statement-breakpoint

-- Memberships: added (a cached "not a member" must go too), role changed, removed.
CREATE TRIGGER company_users_auth_notify AFTER INSERT OR DELETE ON company_users FOR EACH ROW
  EXECUTE FUNCTION rentloop_auth_notify();--> statement-breakpoint
CREATE TRIGGER company_users_auth_notify_update AFTER UPDATE ON company_users FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role
    OR OLD.user_id IS DISTINCT FROM NEW.user_id
    OR OLD.company_id IS DISTINCT FROM NEW.company_id)
  EXECUTE FUNCTION rentloop_auth_notify();--> statement-breakpoint

-- Companies: a deleted company ends operators' access too, who hold no membership row: everything goes.
-- (Companies have no status; a "disabled" company, if one is added, must notify here as well.)
CREATE TRIGGER companies_auth_notify AFTER DELETE ON companies FOR EACH STATEMENT
  EXECUTE FUNCTION rentloop_auth_notify();--> statement-breakpoint

-- TRUNCATE fires no row triggers.
CREATE TRIGGER sessions_auth_notify_truncate AFTER TRUNCATE ON sessions FOR EACH STATEMENT
  EXECUTE FUNCTION rentloop_auth_notify();--> statement-breakpoint
CREATE TRIGGER users_auth_notify_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT
  EXECUTE FUNCTION rentloop_auth_notify();--> statement-breakpoint
CREATE TRIGGER company_users_auth_notify_truncate AFTER TRUNCATE ON company_users FOR EACH STATEMENT
  EXECUTE FUNCTION rentloop_auth_notify();--> statement-breakpoint
CREATE TRIGGER companies_auth_notify_truncate AFTER TRUNCATE ON companies FOR EACH STATEMENT
  EXECUTE FUNCTION rentloop_auth_notify();
