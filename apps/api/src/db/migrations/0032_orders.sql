CREATE TABLE "number_series" (
	"company_id" bigint NOT NULL,
	"series" text NOT NULL,
	"next_value" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "number_series_company_id_series_pk" PRIMARY KEY("company_id","series")
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"product_id" bigint NOT NULL,
	"variant_id" bigint NOT NULL,
	"product_name" text NOT NULL,
	"variant_name" text NOT NULL,
	"sku" text,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"tax_percent" numeric(7, 4) NOT NULL,
	"amount" bigint NOT NULL,
	"discount" bigint NOT NULL,
	"net" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"gross" bigint NOT NULL,
	"billing_interval" text,
	"frequency" text,
	"interval" integer,
	"minimum_term_months" integer,
	"buyout_price" bigint,
	"tracking_number" text,
	"serial_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_tag_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_tag_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"tag" text,
	"tag_date" date,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"number" text,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"tag" text,
	"tag_date" date,
	"customer_id" bigint NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"billing_address" jsonb,
	"shipping_address" jsonb,
	"shipping_method_id" bigint,
	"shipping_method_name" text,
	"voucher_id" bigint,
	"voucher_code" text,
	"consumable" boolean DEFAULT false NOT NULL,
	"subtotal" bigint NOT NULL,
	"discount" bigint NOT NULL,
	"shipping_net" bigint NOT NULL,
	"shipping_tax" bigint NOT NULL,
	"shipping_tax_percent" numeric(7, 4),
	"shipping_discount" bigint NOT NULL,
	"net" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"total" bigint NOT NULL,
	"note" text,
	"original_order_id" bigint,
	"source_subscription_id" bigint,
	"finalised_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancellation_reason" text,
	"cancellation_message" text,
	"cancellation_refunded" boolean,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("orders"."number", '') || ' ' || "orders"."customer_name" || ' ' || "orders"."customer_email")) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"number" text,
	"order_id" bigint NOT NULL,
	"order_item_id" bigint,
	"order_number" text,
	"customer_id" bigint NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"product_id" bigint NOT NULL,
	"variant_id" bigint NOT NULL,
	"product_name" text NOT NULL,
	"variant_name" text NOT NULL,
	"status" text NOT NULL,
	"frequency" text NOT NULL,
	"interval" integer NOT NULL,
	"price" bigint NOT NULL,
	"tax_percent" numeric(7, 4) NOT NULL,
	"quantity" integer NOT NULL,
	"price_mode" text NOT NULL,
	"term_mode" text,
	"minimum_term_months" integer NOT NULL,
	"start_date" date NOT NULL,
	"minimum_term_end" date NOT NULL,
	"next_billing_date" date,
	"auto_renew" boolean NOT NULL,
	"buyout_price" bigint,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"search_text" text GENERATED ALWAYS AS (lower("subscriptions"."customer_name" || ' ' || "subscriptions"."customer_email" || ' ' || "subscriptions"."product_name" || ' ' || coalesce("subscriptions"."number", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_company_id_key" ON "order_items" USING btree ("company_id","id");
--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id","position");
--> statement-breakpoint
CREATE INDEX "order_items_company_product_idx" ON "order_items" USING btree ("company_id","product_id","order_id");
--> statement-breakpoint
CREATE INDEX "order_tag_history_order_idx" ON "order_tag_history" USING btree ("company_id","order_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_company_number_key" ON "orders" USING btree ("company_id","number");
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_company_id_key" ON "orders" USING btree ("company_id","id");
--> statement-breakpoint
CREATE INDEX "orders_company_id_idx" ON "orders" USING btree ("company_id","consumable","id","id") WHERE status <> 'draft';
--> statement-breakpoint
CREATE INDEX "orders_company_number_idx" ON "orders" USING btree ("company_id","consumable","number","id") WHERE status <> 'draft';
--> statement-breakpoint
CREATE INDEX "orders_company_status_idx" ON "orders" USING btree ("company_id","consumable","status","id") WHERE status <> 'draft';
--> statement-breakpoint
CREATE INDEX "orders_company_payment_status_idx" ON "orders" USING btree ("company_id","consumable","payment_status","id") WHERE status <> 'draft';
--> statement-breakpoint
CREATE INDEX "orders_company_tag_idx" ON "orders" USING btree ("company_id","consumable","tag","id") WHERE status <> 'draft';
--> statement-breakpoint
CREATE INDEX "orders_company_total_idx" ON "orders" USING btree ("company_id","consumable","total","id") WHERE status <> 'draft';
--> statement-breakpoint
CREATE INDEX "orders_company_created_at_idx" ON "orders" USING btree ("company_id","consumable","created_at","id") WHERE status <> 'draft';
--> statement-breakpoint
CREATE INDEX "orders_company_updated_at_idx" ON "orders" USING btree ("company_id","consumable","updated_at","id") WHERE status <> 'draft';
--> statement-breakpoint
CREATE INDEX "orders_drafts_id_idx" ON "orders" USING btree ("company_id","consumable","id","id") WHERE status = 'draft';
--> statement-breakpoint
CREATE INDEX "orders_drafts_total_idx" ON "orders" USING btree ("company_id","consumable","total","id") WHERE status = 'draft';
--> statement-breakpoint
CREATE INDEX "orders_drafts_created_at_idx" ON "orders" USING btree ("company_id","consumable","created_at","id") WHERE status = 'draft';
--> statement-breakpoint
CREATE INDEX "orders_drafts_updated_at_idx" ON "orders" USING btree ("company_id","consumable","updated_at","id") WHERE status = 'draft';
--> statement-breakpoint
CREATE INDEX "orders_company_customer_idx" ON "orders" USING btree ("company_id","customer_id","id");
--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_company_id_key" ON "subscriptions" USING btree ("company_id","id");
--> statement-breakpoint
CREATE INDEX "subscriptions_company_id_idx" ON "subscriptions" USING btree ("company_id","id","id");
--> statement-breakpoint
CREATE INDEX "subscriptions_company_status_idx" ON "subscriptions" USING btree ("company_id","status","id");
--> statement-breakpoint
CREATE INDEX "subscriptions_company_start_date_idx" ON "subscriptions" USING btree ("company_id","start_date","id");
--> statement-breakpoint
CREATE INDEX "subscriptions_company_next_billing_date_idx" ON "subscriptions" USING btree ("company_id","next_billing_date","id");
--> statement-breakpoint
CREATE INDEX "subscriptions_company_price_idx" ON "subscriptions" USING btree ("company_id","price","id");
--> statement-breakpoint
CREATE INDEX "subscriptions_company_created_at_idx" ON "subscriptions" USING btree ("company_id","created_at","id");
--> statement-breakpoint
CREATE INDEX "subscriptions_company_updated_at_idx" ON "subscriptions" USING btree ("company_id","updated_at","id");
--> statement-breakpoint
CREATE INDEX "subscriptions_company_order_idx" ON "subscriptions" USING btree ("company_id","order_id");
--> statement-breakpoint
CREATE INDEX "subscriptions_company_customer_idx" ON "subscriptions" USING btree ("company_id","customer_id","id");
--> statement-breakpoint
CREATE INDEX "subscriptions_search_trgm_idx" ON "subscriptions" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
ALTER TABLE "number_series" ADD CONSTRAINT "number_series_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_tag_history" ADD CONSTRAINT "order_tag_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_tag_history" ADD CONSTRAINT "order_tag_history_order_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_fk" FOREIGN KEY ("company_id","customer_id") REFERENCES "public"."customers"("company_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_order_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_customer_fk" FOREIGN KEY ("company_id","customer_id") REFERENCES "public"."customers"("company_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
SELECT audit_table('orders');
--> statement-breakpoint
SELECT audit_table('order_items');
--> statement-breakpoint
SELECT audit_table('subscriptions');
--> statement-breakpoint
-- The maintained totals of the orders list and the quotes list (entity_counts, migration 0002): an
-- order counts in "orders" or "draft_orders" (consumable ones in "consumable_orders" and
-- "consumable_draft_orders", lists of their own); finalising a quote or cancelling it moves it.
CREATE OR REPLACE FUNCTION order_count_entity(status text, consumable boolean) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN consumable THEN 'consumable_' ELSE '' END
      || CASE WHEN status = 'draft' THEN 'draft_orders' ELSE 'orders' END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION maintain_order_count() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO entity_counts AS c (company_id, entity, total)
      SELECT company_id, order_count_entity(status, consumable), count(*) FROM new_rows
       GROUP BY company_id, order_count_entity(status, consumable)
    ON CONFLICT (company_id, entity) DO UPDATE SET total = c.total + EXCLUDED.total;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE entity_counts c SET total = c.total - d.n
      FROM (SELECT company_id, order_count_entity(status, consumable) AS entity, count(*) AS n
              FROM old_rows GROUP BY 1, 2) d
     WHERE c.company_id = d.company_id AND c.entity = d.entity;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION maintain_order_count_on_move() RETURNS trigger AS $$
BEGIN
  UPDATE entity_counts SET total = total - 1
   WHERE company_id = OLD.company_id AND entity = order_count_entity(OLD.status, OLD.consumable);
  INSERT INTO entity_counts AS c (company_id, entity, total)
    VALUES (NEW.company_id, order_count_entity(NEW.status, NEW.consumable), 1)
  ON CONFLICT (company_id, entity) DO UPDATE SET total = c.total + 1;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER orders_count_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_order_count();
--> statement-breakpoint
CREATE TRIGGER orders_count_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_order_count();
--> statement-breakpoint
CREATE TRIGGER orders_count_move AFTER UPDATE OF status, consumable ON orders FOR EACH ROW
  WHEN (order_count_entity(OLD.status, OLD.consumable) <> order_count_entity(NEW.status, NEW.consumable))
  EXECUTE FUNCTION maintain_order_count_on_move();
--> statement-breakpoint
CREATE TRIGGER subscriptions_count_insert AFTER INSERT ON subscriptions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_entity_count('subscriptions');
--> statement-breakpoint
CREATE TRIGGER subscriptions_count_delete AFTER DELETE ON subscriptions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_entity_count('subscriptions');
--> statement-breakpoint
-- The currency freeze (migrations 0017, 0030, 0031) counts orders too (their items and subscriptions
-- belong to an order).
CREATE OR REPLACE FUNCTION companies_currency_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.currency IS DISTINCT FROM OLD.currency AND (
    EXISTS (SELECT 1 FROM products p WHERE p.company_id = OLD.id AND (
      p.rental_price_monthly IS NOT NULL OR p.rental_price_quarterly IS NOT NULL
      OR p.rental_price_annually IS NOT NULL OR p.buyout_price IS NOT NULL
      OR p.deposit IS NOT NULL OR p.purchase_price IS NOT NULL))
    OR EXISTS (SELECT 1 FROM product_variants v WHERE v.company_id = OLD.id AND v.price IS NOT NULL)
    OR EXISTS (SELECT 1 FROM bundles b WHERE b.company_id = OLD.id AND b.price IS NOT NULL)
    OR EXISTS (SELECT 1 FROM vouchers vo WHERE vo.company_id = OLD.id
      AND (vo.amount IS NOT NULL OR vo.minimum_cart_value IS NOT NULL))
    OR EXISTS (SELECT 1 FROM voucher_redemptions r WHERE r.company_id = OLD.id)
    OR EXISTS (SELECT 1 FROM shipping_methods m WHERE m.company_id = OLD.id)
    OR EXISTS (SELECT 1 FROM shipping_rules sr WHERE sr.company_id = OLD.id AND sr.surcharge IS NOT NULL)
    OR EXISTS (SELECT 1 FROM shipping_rule_bands sb WHERE sb.company_id = OLD.id)
    OR EXISTS (SELECT 1 FROM orders o WHERE o.company_id = OLD.id)
  ) THEN
    RAISE EXCEPTION 'the currency of company % cannot change: amounts are stored in it', OLD.id
      USING ERRCODE = 'RL001';
  END IF;
  RETURN NEW;
END;
$$;
