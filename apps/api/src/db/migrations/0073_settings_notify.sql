-- Company settings changed: every API instance drops its cached copy at once (apps/api/src/modules/settings/
-- cache.ts; docs/decisions.md 87). Any write to company_settings, by whichever module or by hand, sends
-- NOTIFY rentloop_settings with the company's id; PostgreSQL delivers it at commit (a rolled-back write sends
-- nothing), identical ones of one transaction once, on the listener connection every instance already keeps
-- for the session cache (db/notify.ts).
CREATE OR REPLACE FUNCTION rentloop_settings_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('rentloop_settings', OLD.company_id::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('rentloop_settings', NEW.company_id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER company_settings_notify AFTER INSERT OR UPDATE OR DELETE ON company_settings FOR EACH ROW
  EXECUTE FUNCTION rentloop_settings_notify();
