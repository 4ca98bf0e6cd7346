CREATE TABLE "dunnings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dunnings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"recurring_payment_id" bigint NOT NULL,
	"invoice_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"subscription_id" bigint NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"max_steps" integer NOT NULL,
	"next_attempt_on" date,
	"last_mail_step" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"end_action" text,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gateway_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "reconcile_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "reconcile_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dunnings" ADD CONSTRAINT "dunnings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dunnings" ADD CONSTRAINT "dunnings_recurring_payment_fk" FOREIGN KEY ("company_id","recurring_payment_id") REFERENCES "public"."recurring_payments"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dunnings" ADD CONSTRAINT "dunnings_invoice_fk" FOREIGN KEY ("company_id","invoice_id") REFERENCES "public"."invoices"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dunnings" ADD CONSTRAINT "dunnings_order_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dunnings" ADD CONSTRAINT "dunnings_subscription_fk" FOREIGN KEY ("company_id","subscription_id") REFERENCES "public"."subscriptions"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_events" ADD CONSTRAINT "gateway_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dunnings_company_id_key" ON "dunnings" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "dunnings_recurring_payment_key" ON "dunnings" USING btree ("company_id","recurring_payment_id");--> statement-breakpoint
CREATE INDEX "dunnings_due_idx" ON "dunnings" USING btree ("company_id","next_attempt_on","id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "dunnings_company_order_idx" ON "dunnings" USING btree ("company_id","order_id");--> statement-breakpoint
CREATE INDEX "dunnings_company_subscription_idx" ON "dunnings" USING btree ("company_id","subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_events_company_id_key" ON "gateway_events" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_events_provider_event_key" ON "gateway_events" USING btree ("company_id","provider","event_id");--> statement-breakpoint
CREATE INDEX "gateway_events_pending_idx" ON "gateway_events" USING btree ("created_at","id") WHERE status = 'received';--> statement-breakpoint
-- Dunning changes are money decisions (a retry, a cancelled subscription): audited like the rest of billing.
-- Gateway events are the provider's own words, stored once and never edited by staff: not audited.
SELECT audit_table('dunnings');
--> statement-breakpoint
-- The business day (jobs/business-jobs.ts): hourly, each company's jobs on its own clock (Cron Manager).
INSERT INTO "crons" ("name", "cron", "timezone") VALUES ('business-day', '7 * * * *', 'UTC')
  ON CONFLICT ("name") DO NOTHING;
