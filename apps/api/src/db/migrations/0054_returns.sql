CREATE TABLE "returns" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "returns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"product_tracking_id" bigint NOT NULL,
	"subscription_id" bigint,
	"customer_id" bigint,
	"serial_number" text NOT NULL,
	"product_name" text NOT NULL,
	"subscription_number" text,
	"customer_name" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"outcome" text,
	"source" text NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"note" text,
	"received_on" date,
	"received_by" text,
	"condition_note" text,
	"inspected_at" timestamp with time zone,
	"inspected_by" text,
	"complete" boolean,
	"missing" text,
	"damaged" boolean,
	"damage" text,
	"inspection_note" text,
	"closed_at" timestamp with time zone,
	"closed_by" text,
	"close_note" text,
	"created_by" text,
	"search_text" text GENERATED ALWAYS AS (lower("returns"."serial_number" || ' ' || "returns"."product_name" || ' ' || coalesce("returns"."customer_name", '') || ' ' || coalesce("returns"."tracking_number", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_asset_fk" FOREIGN KEY ("company_id","product_tracking_id") REFERENCES "public"."product_tracking"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_subscription_fk" FOREIGN KEY ("company_id","subscription_id") REFERENCES "public"."subscriptions"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_customer_fk" FOREIGN KEY ("company_id","customer_id") REFERENCES "public"."customers"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "returns_company_id_key" ON "returns" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "returns_open_asset_key" ON "returns" USING btree ("company_id","product_tracking_id") WHERE "returns"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "returns_company_status_idx" ON "returns" USING btree ("company_id","status","id");--> statement-breakpoint
CREATE INDEX "returns_company_serial_number_idx" ON "returns" USING btree ("company_id","serial_number","id");--> statement-breakpoint
CREATE INDEX "returns_company_received_on_idx" ON "returns" USING btree ("company_id","received_on","id");--> statement-breakpoint
CREATE INDEX "returns_company_closed_at_idx" ON "returns" USING btree ("company_id","closed_at","id");--> statement-breakpoint
CREATE INDEX "returns_company_created_at_idx" ON "returns" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "returns_company_outcome_idx" ON "returns" USING btree ("company_id","outcome","id");--> statement-breakpoint
CREATE INDEX "returns_company_asset_idx" ON "returns" USING btree ("company_id","product_tracking_id","id");--> statement-breakpoint
CREATE INDEX "returns_company_subscription_idx" ON "returns" USING btree ("company_id","subscription_id","id");--> statement-breakpoint
CREATE INDEX "returns_search_trgm_idx" ON "returns" USING gin ("company_id","search_text" gin_trgm_ops);--> statement-breakpoint
-- Hand-written (docs/architecture.md "Adding a module"): the history trail and the maintained list total.
SELECT audit_table('returns');
--> statement-breakpoint
CREATE TRIGGER returns_count_insert AFTER INSERT ON returns
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_entity_count('returns');
--> statement-breakpoint
CREATE TRIGGER returns_count_delete AFTER DELETE ON returns
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_entity_count('returns');
