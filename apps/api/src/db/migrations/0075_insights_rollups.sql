-- Insights rollups (decision 89). No backfill here: the insights-rollups job fills them in resumable batches;
-- until a company's are ready its graphs scan the records as before.
CREATE TABLE "insights_rollup_facts" (
	"company_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"object_id" bigint NOT NULL,
	"entries" jsonb NOT NULL,
	CONSTRAINT "insights_rollup_facts_company_id_kind_object_id_pk" PRIMARY KEY("company_id","kind","object_id")
);
--> statement-breakpoint
CREATE TABLE "insights_rollup_state" (
	"company_id" bigint PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"currency" text NOT NULL,
	"phase" text DEFAULT 'backfill' NOT NULL,
	"backfill_kind" text DEFAULT 's' NOT NULL,
	"backfill_after" bigint DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "insights_rollup_values" (
	"company_id" bigint NOT NULL,
	"metric" text NOT NULL,
	"day" date NOT NULL,
	"value" numeric NOT NULL,
	CONSTRAINT "insights_rollup_values_company_id_metric_day_pk" PRIMARY KEY("company_id","metric","day")
);
--> statement-breakpoint
ALTER TABLE "insights_rollup_facts" ADD CONSTRAINT "insights_rollup_facts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights_rollup_state" ADD CONSTRAINT "insights_rollup_state_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights_rollup_values" ADD CONSTRAINT "insights_rollup_values_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint

CREATE INDEX "events_company_tx_idx" ON "events" USING btree ("company_id","tx_id","id");--> statement-breakpoint
INSERT INTO "crons" ("name", "cron", "timezone") VALUES ('insights-rollups', '* * * * *', 'UTC');
