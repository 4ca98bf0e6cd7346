CREATE TABLE "shipping_countries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipping_countries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"country" text NOT NULL,
	"regions" text[],
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_methods" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipping_methods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"shipping_country_id" bigint,
	"name" text NOT NULL,
	"carrier" text,
	"price" bigint NOT NULL,
	"delivery_days_min" integer,
	"delivery_days_max" integer,
	"free_shipping_threshold" bigint,
	"tax_class" text DEFAULT 'standard' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_rule_bands" (
	"company_id" bigint NOT NULL,
	"rule_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"from_value" bigint NOT NULL,
	"price" bigint NOT NULL,
	CONSTRAINT "shipping_rule_bands_rule_id_position_pk" PRIMARY KEY("rule_id","position")
);
--> statement-breakpoint
CREATE TABLE "shipping_rules" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipping_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"shipping_method_id" bigint,
	"name" text NOT NULL,
	"action" text DEFAULT 'price' NOT NULL,
	"basis" text DEFAULT 'cart_value' NOT NULL,
	"surcharge" bigint,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"regions" text[] DEFAULT '{}'::text[] NOT NULL,
	"product_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The keys the same-company references point at come before them.
CREATE UNIQUE INDEX "shipping_countries_company_id_key" ON "shipping_countries" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_methods_company_id_key" ON "shipping_methods" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_rules_company_id_key" ON "shipping_rules" USING btree ("company_id","id");--> statement-breakpoint
ALTER TABLE "shipping_countries" ADD CONSTRAINT "shipping_countries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD CONSTRAINT "shipping_methods_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD CONSTRAINT "shipping_methods_country_fk" FOREIGN KEY ("company_id","shipping_country_id") REFERENCES "public"."shipping_countries"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rule_bands" ADD CONSTRAINT "shipping_rule_bands_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rule_bands" ADD CONSTRAINT "shipping_rule_bands_rule_fk" FOREIGN KEY ("company_id","rule_id") REFERENCES "public"."shipping_rules"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rules" ADD CONSTRAINT "shipping_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rules" ADD CONSTRAINT "shipping_rules_method_fk" FOREIGN KEY ("company_id","shipping_method_id") REFERENCES "public"."shipping_methods"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_countries_company_country_key" ON "shipping_countries" USING btree ("company_id","country");--> statement-breakpoint
CREATE INDEX "shipping_methods_company_name_idx" ON "shipping_methods" USING btree ("company_id","name","id");--> statement-breakpoint
CREATE INDEX "shipping_methods_company_created_idx" ON "shipping_methods" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "shipping_methods_country_idx" ON "shipping_methods" USING btree ("company_id","shipping_country_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_rules_method_key" ON "shipping_rules" USING btree ("shipping_method_id");--> statement-breakpoint
CREATE INDEX "shipping_rules_company_id_idx" ON "shipping_rules" USING btree ("company_id","id");--> statement-breakpoint
-- Shipping is company data: its changes are in the history logs.
SELECT audit_table('shipping_countries');
--> statement-breakpoint
SELECT audit_table('shipping_methods');
--> statement-breakpoint
SELECT audit_table('shipping_rules');
--> statement-breakpoint
SELECT audit_table('shipping_rule_bands');
--> statement-breakpoint
-- The currency freeze (migrations 0017, 0030) counts the shipping amounts too.
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
  ) THEN
    RAISE EXCEPTION 'the currency of company % cannot change: amounts are stored in it', OLD.id
      USING ERRCODE = 'RL001';
  END IF;
  RETURN NEW;
END;
$$;
