CREATE TABLE "templates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint,
	"template_id" text NOT NULL,
	"type" text NOT NULL,
	"lang" text NOT NULL,
	"subject" text NOT NULL,
	"html_raw" text NOT NULL,
	"css_raw" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "templates_company_kind_lang_key" ON "templates" USING btree ("company_id","template_id","lang") WHERE "templates"."company_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "templates_default_kind_lang_key" ON "templates" USING btree ("template_id","lang") WHERE "templates"."company_id" is null;--> statement-breakpoint
-- Company templates are company data (and operators' defaults platform data): both in the audit trail.
SELECT audit_table('templates');
