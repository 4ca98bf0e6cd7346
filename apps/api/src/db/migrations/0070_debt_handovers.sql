CREATE TABLE "debt_handovers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "debt_handovers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"invoice_id" bigint NOT NULL,
	"dunning_id" bigint,
	"reminder_due_on" date NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"reason" text,
	"claim_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "debt_handovers" ADD CONSTRAINT "debt_handovers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debt_handovers" ADD CONSTRAINT "debt_handovers_invoice_fk" FOREIGN KEY ("company_id","invoice_id") REFERENCES "public"."invoices"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "debt_handovers_invoice_key" ON "debt_handovers" USING btree ("company_id","invoice_id");--> statement-breakpoint
CREATE INDEX "debt_handovers_due_idx" ON "debt_handovers" USING btree ("company_id","reminder_due_on","id") WHERE status = 'scheduled';--> statement-breakpoint
-- Company data: its changes (scheduled, filed, skipped and why) in the history logs.
SELECT audit_table('debt_handovers');
