CREATE TABLE "feature_flags" (
	"company_id" bigint NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feature_flags_company_id_name_pk" PRIMARY KEY("company_id","name")
);
--> statement-breakpoint
ALTER TABLE "feature_flags" ADD CONSTRAINT "feature_flags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Feature flags are company data that operators change: audited, in the company's trail.
SELECT audit_table('feature_flags');
--> statement-breakpoint
-- The tax configuration's settings section takes its canonical key (decision 25); `checkout_Taxes` stays a
-- name the API accepts for it.
UPDATE "company_settings" SET "group" = 'checkout_taxes' WHERE "group" = 'checkout_Taxes';
