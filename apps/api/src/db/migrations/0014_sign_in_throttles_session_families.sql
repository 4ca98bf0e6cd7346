-- Sign-in throttling that cannot lock an owner out (counters per account and source, per source, per
-- account), and session families for refresh-token reuse detection (docs/security.md). Existing
-- sessions have no rotation history: each becomes its own family.
CREATE TABLE "sign_in_throttles" (
	"email" text NOT NULL,
	"source" text NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone,
	CONSTRAINT "sign_in_throttles_email_source_pk" PRIMARY KEY("email","source")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "family_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE INDEX "sign_in_throttles_last_failure_idx" ON "sign_in_throttles" USING btree ("last_failure_at");--> statement-breakpoint
CREATE INDEX "sessions_family_idx" ON "sessions" USING btree ("family_id");