CREATE TABLE "debt_claim_comments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "debt_claim_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"claim_id" bigint NOT NULL,
	"reference" text NOT NULL,
	"source" text NOT NULL,
	"comment" text NOT NULL,
	"author" text,
	"author_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "debt_claims" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "debt_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"invoice_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"reference" text,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"paid_amount" bigint DEFAULT 0 NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"settled_at" timestamp with time zone,
	"last_error" text,
	"last_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "debt_users" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "debt_users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "debt_claim_comments" ADD CONSTRAINT "debt_claim_comments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debt_claims" ADD CONSTRAINT "debt_claims_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debt_claims" ADD CONSTRAINT "debt_claims_invoice_fk" FOREIGN KEY ("company_id","invoice_id") REFERENCES "public"."invoices"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debt_claims" ADD CONSTRAINT "debt_claims_customer_fk" FOREIGN KEY ("company_id","customer_id") REFERENCES "public"."customers"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debt_users" ADD CONSTRAINT "debt_users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "debt_claim_comments_reference_key" ON "debt_claim_comments" USING btree ("company_id","claim_id","reference");--> statement-breakpoint
CREATE INDEX "debt_claim_comments_claim_idx" ON "debt_claim_comments" USING btree ("company_id","claim_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "debt_claims_company_id_key" ON "debt_claims" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "debt_claims_invoice_key" ON "debt_claims" USING btree ("company_id","invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "debt_claims_reference_key" ON "debt_claims" USING btree ("company_id","provider","reference");--> statement-breakpoint
CREATE INDEX "debt_claims_company_created_at_idx" ON "debt_claims" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "debt_claims_company_updated_at_idx" ON "debt_claims" USING btree ("company_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "debt_claims_company_status_idx" ON "debt_claims" USING btree ("company_id","status","id");--> statement-breakpoint
CREATE INDEX "debt_claims_company_amount_idx" ON "debt_claims" USING btree ("company_id","amount","id");--> statement-breakpoint
CREATE UNIQUE INDEX "debt_users_company_key" ON "debt_users" USING btree ("company_id");--> statement-breakpoint
-- The same-company key needs the (company_id, id) unique index above.
ALTER TABLE "debt_claim_comments" ADD CONSTRAINT "debt_claim_comments_claim_fk" FOREIGN KEY ("company_id","claim_id") REFERENCES "public"."debt_claims"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Company data: every write in the history log (migration 0004).
SELECT audit_table('debt_claims');
--> statement-breakpoint
SELECT audit_table('debt_claim_comments');
--> statement-breakpoint
SELECT audit_table('debt_users');

--> statement-breakpoint
-- A claim's amounts are in the company's currency: the currency freeze (migration 0017) counts them.
CREATE OR REPLACE FUNCTION currency_money_tables() RETURNS TABLE (table_name text, holds_money text)
LANGUAGE sql IMMUTABLE AS $$
  VALUES
    ('products', 'rental_price_monthly IS NOT NULL OR rental_price_quarterly IS NOT NULL OR rental_price_annually IS NOT NULL OR buyout_price IS NOT NULL OR deposit IS NOT NULL OR purchase_price IS NOT NULL'),
    ('product_variants', 'price IS NOT NULL'),
    ('bundles', 'price IS NOT NULL'),
    ('vouchers', 'amount IS NOT NULL OR minimum_cart_value IS NOT NULL'),
    ('voucher_redemptions', 'true'),
    ('shipping_methods', 'true'),
    ('shipping_rules', 'surcharge IS NOT NULL'),
    ('shipping_rule_bands', 'true'),
    ('orders', 'true'),
    ('order_items', 'true'),
    ('subscriptions', 'true'),
    ('recurring_payments', 'true'),
    ('invoices', 'true'),
    ('transactions', 'true'),
    ('cumulated_invoices', 'true'),
    ('cumulated_items', 'true'),
    ('product_tracking', 'purchase_cost IS NOT NULL'),
    ('repairs', 'total_cost IS NOT NULL'),
    ('debt_claims', 'true')
$$;
