CREATE TABLE "data_export_chunks" (
	"company_id" bigint NOT NULL,
	"export_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "data_export_chunks_export_id_seq_pk" PRIMARY KEY("export_id","seq")
);
--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"format" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"params" jsonb NOT NULL,
	"columns" jsonb NOT NULL,
	"token_hash" text NOT NULL,
	"file_name" text NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_total" integer,
	"size" integer,
	"error" text,
	"requested_by" bigint,
	"expires_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_company_id_key" ON "data_exports" USING btree ("company_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_token_hash_key" ON "data_exports" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX "data_exports_company_requester_idx" ON "data_exports" USING btree ("company_id","requested_by","id");
--> statement-breakpoint
CREATE INDEX "data_exports_expires_idx" ON "data_exports" USING btree ("expires_at");
--> statement-breakpoint
-- The same-company key needs the (company_id, id) unique index above.
ALTER TABLE "data_export_chunks" ADD CONSTRAINT "data_export_chunks_export_fk" FOREIGN KEY ("company_id","export_id") REFERENCES "public"."data_exports"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_requested_by_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
