CREATE TABLE "notes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"entity" text NOT NULL,
	"entity_id" bigint NOT NULL,
	"text" text NOT NULL,
	"author_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notes_company_id_idx" ON "notes" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "notes_company_created_idx" ON "notes" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notes_company_updated_idx" ON "notes" USING btree ("company_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "notes_company_entity_idx" ON "notes" USING btree ("company_id","entity","entity_id","id");--> statement-breakpoint
-- Notes are company data: their changes are in the history logs.
SELECT audit_table('notes');
--> statement-breakpoint
-- The unfiltered total of the notes list without counting (as migration 0002 does for customers).
CREATE TRIGGER notes_count_insert AFTER INSERT ON notes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_entity_count('notes');
--> statement-breakpoint
CREATE TRIGGER notes_count_delete AFTER DELETE ON notes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_entity_count('notes');
