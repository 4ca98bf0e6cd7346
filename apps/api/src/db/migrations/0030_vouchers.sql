-- Voucher redemptions refer to a customer by (company_id, id): the key comes first.
CREATE UNIQUE INDEX "customers_company_id_key" ON "customers" USING btree ("company_id","id");--> statement-breakpoint
CREATE TABLE "voucher_products" (
	"company_id" bigint NOT NULL,
	"voucher_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_products_voucher_id_product_id_pk" PRIMARY KEY("voucher_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "voucher_redemptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "voucher_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"voucher_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"discount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vouchers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"kind" text NOT NULL,
	"percentage" numeric(7, 4),
	"amount" bigint,
	"valid_from" date,
	"valid_until" date,
	"usage_limit" integer,
	"usage_limit_per_customer" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"minimum_cart_value" bigint,
	"applies_to" text DEFAULT 'all_payments' NOT NULL,
	"recurring_payments" integer,
	"active" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower("vouchers"."code" || ' ' || coalesce("vouchers"."description", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The key the links refer to comes before them.
CREATE UNIQUE INDEX "vouchers_company_id_key" ON "vouchers" USING btree ("company_id","id");--> statement-breakpoint
ALTER TABLE "voucher_products" ADD CONSTRAINT "voucher_products_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_products" ADD CONSTRAINT "voucher_products_voucher_fk" FOREIGN KEY ("company_id","voucher_id") REFERENCES "public"."vouchers"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_products" ADD CONSTRAINT "voucher_products_product_fk" FOREIGN KEY ("company_id","product_id") REFERENCES "public"."products"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_voucher_fk" FOREIGN KEY ("company_id","voucher_id") REFERENCES "public"."vouchers"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_customer_fk" FOREIGN KEY ("company_id","customer_id") REFERENCES "public"."customers"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voucher_products_product_idx" ON "voucher_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "voucher_redemptions_voucher_customer_idx" ON "voucher_redemptions" USING btree ("company_id","voucher_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_company_code_key" ON "vouchers" USING btree ("company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "vouchers_company_code_idx" ON "vouchers" USING btree ("company_id","code","id");--> statement-breakpoint
CREATE INDEX "vouchers_company_until_idx" ON "vouchers" USING btree ("company_id","valid_until","id");--> statement-breakpoint
CREATE INDEX "vouchers_company_created_idx" ON "vouchers" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "vouchers_search_trgm_idx" ON "vouchers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Vouchers are company data: their changes are in the history logs.
SELECT audit_table('vouchers');
--> statement-breakpoint
SELECT audit_table('voucher_products');
--> statement-breakpoint
SELECT audit_table('voucher_redemptions');
--> statement-breakpoint
-- The unfiltered total of the vouchers list without counting (as migration 0002 does for customers).
CREATE TRIGGER vouchers_count_insert AFTER INSERT ON vouchers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_entity_count('vouchers');
--> statement-breakpoint
CREATE TRIGGER vouchers_count_delete AFTER DELETE ON vouchers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_entity_count('vouchers');
--> statement-breakpoint
-- The currency freeze (migration 0017) counts the vouchers' amounts too.
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
  ) THEN
    RAISE EXCEPTION 'the currency of company % cannot change: amounts are stored in it', OLD.id
      USING ERRCODE = 'RL001';
  END IF;
  RETURN NEW;
END;
$$;
