CREATE TABLE "subscription_imports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"file_name" text,
	"currency" text NOT NULL,
	"rows" jsonb NOT NULL,
	"total_rows" integer NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created_subscriptions" integer DEFAULT 0 NOT NULL,
	"created_orders" integer DEFAULT 0 NOT NULL,
	"error" text,
	"requested_by" bigint,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_imports_company_id_key" ON "subscription_imports" USING btree ("company_id","id");
--> statement-breakpoint
CREATE INDEX "subscription_imports_company_status_idx" ON "subscription_imports" USING btree ("company_id","status");
--> statement-breakpoint
ALTER TABLE "subscription_imports" ADD CONSTRAINT "subscription_imports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "subscription_imports" ADD CONSTRAINT "subscription_imports_requested_by_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
