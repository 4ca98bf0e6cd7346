-- Events (modules/events): one row per change of state, written in the transaction of the change. Not audited
-- (the change has its own history entry); the list counts with its index (no entity_counts: platform events have no company).
CREATE TABLE "events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint,
	"type" text NOT NULL,
	"object" text NOT NULL,
	"object_id" bigint NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_company_idx" ON "events" USING btree ("company_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_company_type_idx" ON "events" USING btree ("company_id","type","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_object_idx" ON "events" USING btree ("object","object_id","id" DESC NULLS LAST);