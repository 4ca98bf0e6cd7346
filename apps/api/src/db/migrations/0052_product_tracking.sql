CREATE TABLE "product_tracking" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_tracking_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"serial_number" text NOT NULL,
	"variant_id" bigint,
	"bundle_id" bigint,
	"products" bigint[] NOT NULL,
	"product_name" text NOT NULL,
	"variant_name" text,
	"status" text DEFAULT 'in stock' NOT NULL,
	"location" text,
	"condition_note" text,
	"purchase_date" date,
	"purchase_cost" bigint,
	"subscription_id" bigint,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower("product_tracking"."serial_number" || ' ' || "product_tracking"."product_name")) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_tracking_variant_or_bundle" CHECK (("product_tracking"."variant_id" IS NULL) <> ("product_tracking"."bundle_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "product_tracking_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_tracking_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"product_tracking_id" bigint NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"action" text,
	"reason" text,
	"subscription_id" bigint,
	"user_id" bigint,
	"user_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_tracking" ADD CONSTRAINT "product_tracking_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tracking" ADD CONSTRAINT "product_tracking_variant_fk" FOREIGN KEY ("company_id","variant_id") REFERENCES "public"."product_variants"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tracking" ADD CONSTRAINT "product_tracking_bundle_fk" FOREIGN KEY ("company_id","bundle_id") REFERENCES "public"."bundles"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tracking" ADD CONSTRAINT "product_tracking_subscription_fk" FOREIGN KEY ("company_id","subscription_id") REFERENCES "public"."subscriptions"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tracking_history" ADD CONSTRAINT "product_tracking_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tracking_history" ADD CONSTRAINT "product_tracking_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tracking_history" ADD CONSTRAINT "product_tracking_history_subscription_fk" FOREIGN KEY ("company_id","subscription_id") REFERENCES "public"."subscriptions"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_tracking_company_id_key" ON "product_tracking" USING btree ("company_id","id");--> statement-breakpoint
-- After the (company_id, id) key it refers to.
ALTER TABLE "product_tracking_history" ADD CONSTRAINT "product_tracking_history_asset_fk" FOREIGN KEY ("company_id","product_tracking_id") REFERENCES "public"."product_tracking"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_tracking_company_serial_key" ON "product_tracking" USING btree ("company_id",lower("serial_number"));--> statement-breakpoint
CREATE UNIQUE INDEX "product_tracking_rented_subscription_key" ON "product_tracking" USING btree ("company_id","subscription_id") WHERE "product_tracking"."status" = 'rented out';--> statement-breakpoint
CREATE INDEX "product_tracking_company_serial_number_idx" ON "product_tracking" USING btree ("company_id","serial_number","id");--> statement-breakpoint
CREATE INDEX "product_tracking_company_product_name_idx" ON "product_tracking" USING btree ("company_id","product_name","id");--> statement-breakpoint
CREATE INDEX "product_tracking_company_status_idx" ON "product_tracking" USING btree ("company_id","status","id");--> statement-breakpoint
CREATE INDEX "product_tracking_company_purchase_date_idx" ON "product_tracking" USING btree ("company_id","purchase_date","id");--> statement-breakpoint
CREATE INDEX "product_tracking_company_purchase_cost_idx" ON "product_tracking" USING btree ("company_id","purchase_cost","id");--> statement-breakpoint
CREATE INDEX "product_tracking_company_status_changed_at_idx" ON "product_tracking" USING btree ("company_id","status_changed_at","id");--> statement-breakpoint
CREATE INDEX "product_tracking_company_created_at_idx" ON "product_tracking" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "product_tracking_company_updated_at_idx" ON "product_tracking" USING btree ("company_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "product_tracking_company_variant_idx" ON "product_tracking" USING btree ("company_id","variant_id","id");--> statement-breakpoint
CREATE INDEX "product_tracking_company_bundle_idx" ON "product_tracking" USING btree ("company_id","bundle_id","id");--> statement-breakpoint
CREATE INDEX "product_tracking_company_subscription_idx" ON "product_tracking" USING btree ("company_id","subscription_id","id");--> statement-breakpoint
CREATE INDEX "product_tracking_products_idx" ON "product_tracking" USING gin ("products");--> statement-breakpoint
CREATE INDEX "product_tracking_search_trgm_idx" ON "product_tracking" USING gin ("company_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_tracking_history_asset_idx" ON "product_tracking_history" USING btree ("company_id","product_tracking_id","id");--> statement-breakpoint
-- Hand-written (docs/architecture.md "Adding a module"): the history trail, the maintained list total,
-- and the currency freeze, which now covers the assets' purchase costs.
SELECT audit_table('product_tracking');
--> statement-breakpoint
SELECT audit_table('product_tracking_history');
--> statement-breakpoint
CREATE TRIGGER product_tracking_count_insert AFTER INSERT ON product_tracking
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_entity_count('product_tracking');
--> statement-breakpoint
CREATE TRIGGER product_tracking_count_delete AFTER DELETE ON product_tracking
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_entity_count('product_tracking');
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
    ('product_tracking', 'purchase_cost IS NOT NULL')
$$;
