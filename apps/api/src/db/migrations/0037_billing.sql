CREATE TABLE "billing_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"business_date" date NOT NULL,
	"due" integer DEFAULT 0 NOT NULL,
	"issued" integer DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"parked" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_documents" (
	"company_id" bigint NOT NULL,
	"invoice_id" bigint NOT NULL,
	"html" text NOT NULL,
	"pdf" "bytea",
	"pdf_sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_documents_company_id_invoice_id_pk" PRIMARY KEY("company_id","invoice_id")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"status" text NOT NULL,
	"type" text NOT NULL,
	"series" text NOT NULL,
	"seq" bigint,
	"number" text,
	"issue_date" date,
	"due_date" date,
	"currency" text NOT NULL,
	"language" text NOT NULL,
	"customer_id" bigint NOT NULL,
	"customer" jsonb NOT NULL,
	"seller" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"tax_rule" text NOT NULL,
	"tax_breakdown" jsonb NOT NULL,
	"net" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"gross" bigint NOT NULL,
	"payment_status" text NOT NULL,
	"recovered_at" timestamp with time zone,
	"gateway" text NOT NULL,
	"order_id" bigint,
	"subscription_id" bigint,
	"recurring_payment_id" bigint,
	"original_invoice_id" bigint,
	"issued_at" timestamp with time zone,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("invoices"."number", '') || ' ' || coalesce("invoices"."customer" ->> 'name', '') || ' ' || coalesce("invoices"."customer" ->> 'email', ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_methods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"gateway" text NOT NULL,
	"customer_reference" text,
	"method_reference" text,
	"label" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recurring_payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recurring_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"subscription_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"due_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"park_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"invoice_id" bigint,
	"order_id" bigint,
	"customer_id" bigint NOT NULL,
	"attempt_no" integer NOT NULL,
	"provider_key" text NOT NULL,
	"gateway" text NOT NULL,
	"state" text NOT NULL,
	"provider_status" text,
	"provider_reference" text,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"decline_code" text,
	"decline_advice_code" text,
	"decline_class" text,
	"decline_reason" text,
	"decline_message" text,
	"raw" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "billing_runs_company_date_key" ON "billing_runs" USING btree ("company_id","business_date");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_company_id_key" ON "invoices" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_company_number_key" ON "invoices" USING btree ("company_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_company_series_seq_key" ON "invoices" USING btree ("company_id","series","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_recurring_payment_key" ON "invoices" USING btree ("company_id","recurring_payment_id") WHERE type = 'recurring payment';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_initial_order_key" ON "invoices" USING btree ("company_id","order_id") WHERE type = 'initial';--> statement-breakpoint
CREATE INDEX "invoices_company_id_idx" ON "invoices" USING btree ("company_id","id","id");--> statement-breakpoint
CREATE INDEX "invoices_company_number_idx" ON "invoices" USING btree ("company_id","number","id");--> statement-breakpoint
CREATE INDEX "invoices_company_issue_date_idx" ON "invoices" USING btree ("company_id","issue_date","id");--> statement-breakpoint
CREATE INDEX "invoices_company_due_date_idx" ON "invoices" USING btree ("company_id","due_date","id");--> statement-breakpoint
CREATE INDEX "invoices_company_gross_idx" ON "invoices" USING btree ("company_id","gross","id");--> statement-breakpoint
CREATE INDEX "invoices_company_payment_status_idx" ON "invoices" USING btree ("company_id","payment_status","id");--> statement-breakpoint
CREATE INDEX "invoices_company_created_at_idx" ON "invoices" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_company_customer_idx" ON "invoices" USING btree ("company_id","customer_id","id");--> statement-breakpoint
CREATE INDEX "invoices_company_order_idx" ON "invoices" USING btree ("company_id","order_id","id");--> statement-breakpoint
CREATE INDEX "invoices_company_subscription_idx" ON "invoices" USING btree ("company_id","subscription_id","id");--> statement-breakpoint
CREATE INDEX "invoices_search_trgm_idx" ON "invoices" USING gin ("company_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_company_id_key" ON "payment_methods" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "payment_methods_company_customer_idx" ON "payment_methods" USING btree ("company_id","customer_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_payments_company_id_key" ON "recurring_payments" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_payments_subscription_period_key" ON "recurring_payments" USING btree ("subscription_id","period_start");--> statement-breakpoint
CREATE INDEX "recurring_payments_company_id_idx" ON "recurring_payments" USING btree ("company_id","id","id");--> statement-breakpoint
CREATE INDEX "recurring_payments_company_due_date_idx" ON "recurring_payments" USING btree ("company_id","due_date","id");--> statement-breakpoint
CREATE INDEX "recurring_payments_company_period_start_idx" ON "recurring_payments" USING btree ("company_id","period_start","id");--> statement-breakpoint
CREATE INDEX "recurring_payments_company_amount_idx" ON "recurring_payments" USING btree ("company_id","amount","id");--> statement-breakpoint
CREATE INDEX "recurring_payments_company_status_idx" ON "recurring_payments" USING btree ("company_id","status","id");--> statement-breakpoint
CREATE INDEX "recurring_payments_company_created_at_idx" ON "recurring_payments" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "recurring_payments_company_subscription_idx" ON "recurring_payments" USING btree ("company_id","subscription_id","id");--> statement-breakpoint
CREATE INDEX "recurring_payments_company_customer_idx" ON "recurring_payments" USING btree ("company_id","customer_id","id");--> statement-breakpoint
CREATE INDEX "recurring_payments_due_idx" ON "recurring_payments" USING btree ("company_id","due_date","id") WHERE status = 'scheduled';--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_company_id_key" ON "transactions" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_provider_key" ON "transactions" USING btree ("company_id","provider_key");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_invoice_attempt_key" ON "transactions" USING btree ("company_id","invoice_id","kind","attempt_no");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_one_open_per_invoice" ON "transactions" USING btree ("company_id","invoice_id","kind") WHERE state IN ('created', 'processing', 'unknown');--> statement-breakpoint
CREATE INDEX "transactions_company_id_idx" ON "transactions" USING btree ("company_id","id","id");--> statement-breakpoint
CREATE INDEX "transactions_company_created_at_idx" ON "transactions" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_company_updated_at_idx" ON "transactions" USING btree ("company_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "transactions_company_amount_idx" ON "transactions" USING btree ("company_id","amount","id");--> statement-breakpoint
CREATE INDEX "transactions_company_state_idx" ON "transactions" USING btree ("company_id","state","id");--> statement-breakpoint
CREATE INDEX "transactions_company_gateway_idx" ON "transactions" USING btree ("company_id","gateway","id");--> statement-breakpoint
CREATE INDEX "transactions_company_invoice_idx" ON "transactions" USING btree ("company_id","invoice_id","id");--> statement-breakpoint
CREATE INDEX "transactions_company_order_idx" ON "transactions" USING btree ("company_id","order_id","id");--> statement-breakpoint
CREATE INDEX "transactions_unknown_idx" ON "transactions" USING btree ("company_id","updated_at") WHERE state = 'unknown';--> statement-breakpoint
ALTER TABLE "billing_runs" ADD CONSTRAINT "billing_runs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_invoice_fk" FOREIGN KEY ("company_id","invoice_id") REFERENCES "public"."invoices"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_fk" FOREIGN KEY ("company_id","customer_id") REFERENCES "public"."customers"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_subscription_fk" FOREIGN KEY ("company_id","subscription_id") REFERENCES "public"."subscriptions"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_recurring_payment_fk" FOREIGN KEY ("company_id","recurring_payment_id") REFERENCES "public"."recurring_payments"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_original_fk" FOREIGN KEY ("company_id","original_invoice_id") REFERENCES "public"."invoices"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_customer_fk" FOREIGN KEY ("company_id","customer_id") REFERENCES "public"."customers"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_payments" ADD CONSTRAINT "recurring_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_payments" ADD CONSTRAINT "recurring_payments_subscription_fk" FOREIGN KEY ("company_id","subscription_id") REFERENCES "public"."subscriptions"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_payments" ADD CONSTRAINT "recurring_payments_order_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_payments" ADD CONSTRAINT "recurring_payments_customer_fk" FOREIGN KEY ("company_id","customer_id") REFERENCES "public"."customers"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_invoice_fk" FOREIGN KEY ("company_id","invoice_id") REFERENCES "public"."invoices"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_order_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_customer_fk" FOREIGN KEY ("company_id","customer_id") REFERENCES "public"."customers"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Hand-written (docs/architecture.md "Adding a module"): the audit trail, the list counters, the freeze
-- of issued invoices and the currency freeze.
SELECT audit_table('recurring_payments');
--> statement-breakpoint
SELECT audit_table('invoices');
--> statement-breakpoint
SELECT audit_table('transactions');
--> statement-breakpoint
SELECT audit_table('payment_methods');
--> statement-breakpoint
CREATE TRIGGER recurring_payments_count_insert AFTER INSERT ON recurring_payments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_entity_count('recurring_payments');
--> statement-breakpoint
CREATE TRIGGER recurring_payments_count_delete AFTER DELETE ON recurring_payments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_entity_count('recurring_payments');
--> statement-breakpoint
CREATE TRIGGER invoices_count_insert AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_entity_count('invoices');
--> statement-breakpoint
CREATE TRIGGER invoices_count_delete AFTER DELETE ON invoices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_entity_count('invoices');
--> statement-breakpoint
CREATE TRIGGER transactions_count_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_entity_count('transactions');
--> statement-breakpoint
CREATE TRIGGER transactions_count_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_entity_count('transactions');
--> statement-breakpoint
-- Issued means frozen (BILLING.md): once an invoice is issued, its legal content never changes; only its
-- payment status, recovered_at, gateway and links (order, subscription, recurring payment, original) do.
-- A correction is a new document. SQLSTATE RL002 is answered as a 409 (modules/invoices).
CREATE OR REPLACE FUNCTION invoices_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'issued' AND (
    NEW.status, NEW.type, NEW.series, NEW.seq, NEW.number, NEW.issue_date, NEW.due_date, NEW.currency,
    NEW.language, NEW.customer_id, NEW.customer, NEW.seller, NEW.lines, NEW.tax_rule, NEW.tax_breakdown,
    NEW.net, NEW.tax, NEW.gross, NEW.issued_at, NEW.company_id
  ) IS DISTINCT FROM (
    OLD.status, OLD.type, OLD.series, OLD.seq, OLD.number, OLD.issue_date, OLD.due_date, OLD.currency,
    OLD.language, OLD.customer_id, OLD.customer, OLD.seller, OLD.lines, OLD.tax_rule, OLD.tax_breakdown,
    OLD.net, OLD.tax, OLD.gross, OLD.issued_at, OLD.company_id
  ) THEN
    RAISE EXCEPTION 'invoice % is issued: its content cannot change', OLD.id USING ERRCODE = 'RL002';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_frozen BEFORE UPDATE ON invoices FOR EACH ROW EXECUTE FUNCTION invoices_frozen();
--> statement-breakpoint
-- The stored document: the HTML never changes; the PDF and its hash are set once (the renderer may come
-- after the issue), never replaced.
CREATE OR REPLACE FUNCTION invoice_documents_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.html IS DISTINCT FROM OLD.html
    OR NEW.invoice_id IS DISTINCT FROM OLD.invoice_id OR NEW.company_id IS DISTINCT FROM OLD.company_id
    OR (OLD.pdf IS NOT NULL AND NEW.pdf IS DISTINCT FROM OLD.pdf)
    OR (OLD.pdf_sha256 IS NOT NULL AND NEW.pdf_sha256 IS DISTINCT FROM OLD.pdf_sha256) THEN
    RAISE EXCEPTION 'the document of invoice % is frozen', OLD.invoice_id USING ERRCODE = 'RL002';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoice_documents_frozen BEFORE UPDATE ON invoice_documents FOR EACH ROW
  EXECUTE FUNCTION invoice_documents_frozen();
--> statement-breakpoint
-- The currency freeze (migrations 0017, 0030, 0031, 0032) as one table-driven check: the tables holding
-- amounts, each with the condition under which a row holds one. db/currency-freeze.test.ts fails when a
-- table with a money() column is missing here.
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
    ('transactions', 'true')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION companies_currency_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t record;
  found boolean;
BEGIN
  IF NEW.currency IS DISTINCT FROM OLD.currency THEN
    FOR t IN SELECT * FROM currency_money_tables() LOOP
      EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE company_id = $1 AND (%s))', t.table_name, t.holds_money)
        INTO found USING OLD.id;
      IF found THEN
        RAISE EXCEPTION 'the currency of company % cannot change: amounts are stored in %', OLD.id, t.table_name
          USING ERRCODE = 'RL001';
      END IF;
    END LOOP;
  END IF;
  RETURN NEW;
END;
$$;
