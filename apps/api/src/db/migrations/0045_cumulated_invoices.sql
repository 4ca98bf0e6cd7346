CREATE TABLE "cumulated_invoices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cumulated_invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"status" text NOT NULL,
	"series" text,
	"seq" bigint,
	"number" text,
	"tax_rule" text,
	"invoice_id" bigint,
	"entries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"html" text,
	"pdf" "bytea",
	"charge_error" text,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cumulated_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cumulated_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"cumulated_invoice_id" bigint NOT NULL,
	"recurring_payment_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "cumulated_invoice" text DEFAULT 'off' NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "cumulated_invoices_company_id_key" ON "cumulated_invoices" USING btree ("company_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "cumulated_invoices_customer_period_key" ON "cumulated_invoices" USING btree ("company_id","customer_id","period_start");
--> statement-breakpoint
CREATE UNIQUE INDEX "cumulated_invoices_company_number_key" ON "cumulated_invoices" USING btree ("company_id","number");
--> statement-breakpoint
CREATE UNIQUE INDEX "cumulated_invoices_invoice_key" ON "cumulated_invoices" USING btree ("company_id","invoice_id");
--> statement-breakpoint
CREATE INDEX "cumulated_invoices_status_idx" ON "cumulated_invoices" USING btree ("company_id","status","period_end");
--> statement-breakpoint
CREATE UNIQUE INDEX "cumulated_items_payment_key" ON "cumulated_items" USING btree ("company_id","recurring_payment_id");
--> statement-breakpoint
CREATE INDEX "cumulated_items_period_idx" ON "cumulated_items" USING btree ("company_id","cumulated_invoice_id","id");
--> statement-breakpoint
ALTER TABLE "cumulated_invoices" ADD CONSTRAINT "cumulated_invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cumulated_invoices" ADD CONSTRAINT "cumulated_invoices_customer_fk" FOREIGN KEY ("company_id","customer_id") REFERENCES "public"."customers"("company_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cumulated_invoices" ADD CONSTRAINT "cumulated_invoices_invoice_fk" FOREIGN KEY ("company_id","invoice_id") REFERENCES "public"."invoices"("company_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cumulated_items" ADD CONSTRAINT "cumulated_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cumulated_items" ADD CONSTRAINT "cumulated_items_period_fk" FOREIGN KEY ("company_id","cumulated_invoice_id") REFERENCES "public"."cumulated_invoices"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cumulated_items" ADD CONSTRAINT "cumulated_items_payment_fk" FOREIGN KEY ("company_id","recurring_payment_id") REFERENCES "public"."recurring_payments"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Cumulated periods and what they collected are billing decisions: audited like the invoices.
SELECT audit_table('cumulated_invoices');
--> statement-breakpoint
SELECT audit_table('cumulated_items');
