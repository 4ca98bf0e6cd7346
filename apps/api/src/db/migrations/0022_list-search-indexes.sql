CREATE INDEX "email_entries_to_trgm_idx" ON "email_entries" USING gin (lower("to") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "email_entries_subject_trgm_idx" ON "email_entries" USING gin (lower("subject") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_search_trgm_idx" ON "events" USING gin ((lower("type" || ' ' || "object" || ' ' || "object_id"::text)) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);