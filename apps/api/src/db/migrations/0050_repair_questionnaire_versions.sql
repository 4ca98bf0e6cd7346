CREATE TABLE "repair_questionnaire_versions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "repair_questionnaire_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"currency" text NOT NULL,
	"questionnaire" jsonb NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "repair_questionnaire_versions" ADD CONSTRAINT "repair_questionnaire_versions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_questionnaire_versions" ADD CONSTRAINT "repair_questionnaire_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "repair_questionnaire_versions_company_version_key" ON "repair_questionnaire_versions" USING btree ("company_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "repair_questionnaire_versions_company_id_key" ON "repair_questionnaire_versions" USING btree ("company_id","id");--> statement-breakpoint
-- Company data: every saved version is in the history logs (who saved it, the questionnaire as saved).
-- No currency freeze: the rates are stored with the currency they are in (`currency`), not a money() column.
SELECT audit_table('repair_questionnaire_versions');
