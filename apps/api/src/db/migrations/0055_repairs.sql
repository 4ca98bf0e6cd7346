CREATE TABLE "repairs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "repairs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"product_tracking_id" bigint NOT NULL,
	"serial_number" text NOT NULL,
	"product_name" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"questionnaire_id" bigint NOT NULL,
	"questionnaire_version" integer NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"total_cost" bigint,
	"outcome" text,
	"reason" text,
	"opened_by" bigint,
	"closed_by" bigint,
	"closed_at" timestamp with time zone,
	"search_text" text GENERATED ALWAYS AS (lower("repairs"."serial_number" || ' ' || "repairs"."product_name")) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "repairs" ADD CONSTRAINT "repairs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repairs" ADD CONSTRAINT "repairs_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repairs" ADD CONSTRAINT "repairs_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repairs" ADD CONSTRAINT "repairs_asset_fk" FOREIGN KEY ("company_id","product_tracking_id") REFERENCES "public"."product_tracking"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repairs" ADD CONSTRAINT "repairs_questionnaire_fk" FOREIGN KEY ("company_id","questionnaire_id") REFERENCES "public"."repair_questionnaire_versions"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "repairs_company_id_key" ON "repairs" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "repairs_open_asset_key" ON "repairs" USING btree ("company_id","product_tracking_id") WHERE "repairs"."status" = 'open';--> statement-breakpoint
CREATE INDEX "repairs_company_serial_number_idx" ON "repairs" USING btree ("company_id","serial_number","id");--> statement-breakpoint
CREATE INDEX "repairs_company_status_idx" ON "repairs" USING btree ("company_id","status","id");--> statement-breakpoint
CREATE INDEX "repairs_company_total_cost_idx" ON "repairs" USING btree ("company_id","total_cost","id");--> statement-breakpoint
CREATE INDEX "repairs_company_created_at_idx" ON "repairs" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "repairs_company_closed_at_idx" ON "repairs" USING btree ("company_id","closed_at","id");--> statement-breakpoint
CREATE INDEX "repairs_company_asset_idx" ON "repairs" USING btree ("company_id","product_tracking_id","id");--> statement-breakpoint
CREATE INDEX "repairs_search_trgm_idx" ON "repairs" USING gin ("company_id","search_text" gin_trgm_ops);--> statement-breakpoint
-- Hand-written (docs/architecture.md "Adding a module"): the history trail, the maintained list total,
-- and the currency freeze, which now covers the repairs' recorded costs.
SELECT audit_table('repairs');
--> statement-breakpoint
CREATE TRIGGER repairs_count_insert AFTER INSERT ON repairs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_entity_count('repairs');
--> statement-breakpoint
CREATE TRIGGER repairs_count_delete AFTER DELETE ON repairs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_entity_count('repairs');
--> statement-breakpoint
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
    ('repairs', 'total_cost IS NOT NULL')
$$;
