CREATE TABLE "trail_count_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trail_count_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_key" bigint NOT NULL,
	"entity" text NOT NULL,
	"delta" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trail_counts" (
	"company_key" bigint NOT NULL,
	"entity" text NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "trail_counts_company_key_entity_pk" PRIMARY KEY("company_key","entity")
);
--> statement-breakpoint
CREATE INDEX "trail_count_changes_key_idx" ON "trail_count_changes" USING btree ("company_key","entity","delta");--> statement-breakpoint
-- Each insert or delete statement of a trail appends its change per company (0: the platform); the
-- counts-fold job moves the changes into trail_counts (db/trail-counts.ts). No row is updated here, so
-- concurrent writers of one company never wait on each other.
CREATE OR REPLACE FUNCTION record_trail_count() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO trail_count_changes (company_key, entity, delta)
      SELECT coalesce(company_id, 0), TG_ARGV[0], count(*) FROM new_rows GROUP BY 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO trail_count_changes (company_key, entity, delta)
      SELECT coalesce(company_id, 0), TG_ARGV[0], -count(*) FROM old_rows GROUP BY 1;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER history_logs_trail_count_insert AFTER INSERT ON history_logs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_trail_count('history_logs');
--> statement-breakpoint
CREATE TRIGGER history_logs_trail_count_delete AFTER DELETE ON history_logs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_trail_count('history_logs');
--> statement-breakpoint
CREATE TRIGGER events_trail_count_insert AFTER INSERT ON events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_trail_count('events');
--> statement-breakpoint
CREATE TRIGGER events_trail_count_delete AFTER DELETE ON events
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_trail_count('events');
--> statement-breakpoint
CREATE TRIGGER email_entries_trail_count_insert AFTER INSERT ON email_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_trail_count('email_entries');
--> statement-breakpoint
CREATE TRIGGER email_entries_trail_count_delete AFTER DELETE ON email_entries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_trail_count('email_entries');
--> statement-breakpoint
-- What exists already (the migration runs in one transaction with the triggers' creation).
INSERT INTO trail_counts (company_key, entity, total)
  SELECT coalesce(company_id, 0), 'history_logs', count(*) FROM history_logs GROUP BY 1
  UNION ALL SELECT coalesce(company_id, 0), 'events', count(*) FROM events GROUP BY 1
  UNION ALL SELECT coalesce(company_id, 0), 'email_entries', count(*) FROM email_entries GROUP BY 1;
