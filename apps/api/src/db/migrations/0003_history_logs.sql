CREATE TABLE "history_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "history_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint,
	"user_id" bigint,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"request_id" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "history_logs_company_idx" ON "history_logs" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "history_logs_entity_idx" ON "history_logs" USING btree ("entity_type","entity_id","id");--> statement-breakpoint
CREATE INDEX "history_logs_user_idx" ON "history_logs" USING btree ("user_id","id");