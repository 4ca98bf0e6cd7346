CREATE TABLE "invoice_zips" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_zips_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"invoice_ids" jsonb NOT NULL,
	"file_name" text NOT NULL,
	"zip" "bytea",
	"size" integer,
	"error" text,
	"requested_by" bigint,
	"expires_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_zips" ADD CONSTRAINT "invoice_zips_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_zips" ADD CONSTRAINT "invoice_zips_requested_by_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_zips_company_id_key" ON "invoice_zips" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "invoice_zips_expires_idx" ON "invoice_zips" USING btree ("expires_at");
-- Not audited, like invoice_documents: the trail would copy every archive's bytes (schema/invoice-zips.ts).
