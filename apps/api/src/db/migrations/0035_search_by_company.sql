-- btree_gin lets a GIN index lead with company_id, so a list search narrows to the company inside the index
-- instead of reading every company's trigram matches from the heap (docs/performance.md, issue 14 bench).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "orders_search_trgm_idx";--> statement-breakpoint
DROP INDEX "subscriptions_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin ("company_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "subscriptions_search_trgm_idx" ON "subscriptions" USING gin ("company_id","search_text" gin_trgm_ops);