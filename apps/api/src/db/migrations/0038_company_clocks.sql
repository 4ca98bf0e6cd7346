CREATE TABLE "company_clocks" (
	"company_id" bigint PRIMARY KEY NOT NULL,
	"offset_ms" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_clocks_forward" CHECK ("company_clocks"."offset_ms" >= 0)
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "recorded_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "company_clocks" ADD CONSTRAINT "company_clocks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Only a test company has a business clock, and it only moves forward (shared/BILLING.md "Time you can move").
CREATE OR REPLACE FUNCTION company_clocks_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM companies WHERE id = NEW.company_id AND is_test) THEN
    RAISE EXCEPTION 'company % is not a test company: its clock cannot be moved', NEW.company_id
      USING ERRCODE = 'RL003';
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.offset_ms < OLD.offset_ms THEN
    RAISE EXCEPTION 'a business clock only moves forward' USING ERRCODE = 'RL003';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER company_clocks_guard BEFORE INSERT OR UPDATE ON company_clocks
  FOR EACH ROW EXECUTE FUNCTION company_clocks_guard();--> statement-breakpoint
-- The session cache carries each company's offset (http/access.ts): every instance forgets it at once.
CREATE OR REPLACE FUNCTION company_clocks_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('rentloop_auth', '*');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER company_clocks_notify AFTER INSERT OR UPDATE OR DELETE ON company_clocks
  FOR EACH STATEMENT EXECUTE FUNCTION company_clocks_notify();--> statement-breakpoint
-- A company with orders is real business: it never becomes a test company; one whose clock moved stays one.
CREATE OR REPLACE FUNCTION companies_test_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.is_test AND NOT OLD.is_test AND EXISTS (SELECT 1 FROM orders WHERE company_id = NEW.id) THEN
    RAISE EXCEPTION 'company % has orders: it cannot become a test company', NEW.id
      USING ERRCODE = 'RL003';
  END IF;
  IF OLD.is_test AND NOT NEW.is_test AND EXISTS (SELECT 1 FROM company_clocks WHERE company_id = NEW.id) THEN
    RAISE EXCEPTION 'company % has a moved clock: it stays a test company', NEW.id
      USING ERRCODE = 'RL003';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER companies_test_guard BEFORE UPDATE OF is_test ON companies
  FOR EACH ROW EXECUTE FUNCTION companies_test_guard();--> statement-breakpoint
SELECT audit_table('company_clocks');
