CREATE TABLE "crons" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"cron" text NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_result" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "crons_name_key" ON "crons" USING btree ("name");
--> statement-breakpoint
-- The jobs' default schedules (jobs/definitions.ts), now editable in the Cron Manager.
INSERT INTO "crons" ("name", "cron", "timezone") VALUES
  ('sessions-purge-expired', '17 3 * * *', 'UTC'),
  ('trail-counts-fold', '* * * * *', 'UTC');
