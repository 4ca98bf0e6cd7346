-- Decision 99: the company-led search indexes keyed by company. A GIN index on (company_id, search_text
-- gin_trgm_ops) holds one entry for the company whose posting list is as long as the company's table, and every
-- search of a big company reads most of it (1,000,000 assets: ~260 of a ten-unit serial search's ~830 index
-- pages, 19 ms). Keyed trigrams ('<company>:<trigram>') give each company its own postings: the same search
-- reads ~20 pages. Only a word's inner trigrams of three plain characters are keys: show_trgm's padded ones
-- (with a space) mark a word's start or end, which a LIKE '%term%' does not require, and it shows a trigram
-- with a multibyte character as a hash that hides whether it is padded. The hash is shown as 0x... unless its
-- three bytes happen to be printable letters, digits or spaces, when it looks like a plain trigram: so a key must
-- also occur in the text as it is (strpos), which a hashed one does not unless it is a real trigram too. So the
-- keys of a search term are among the keys of every row it matches; the list's LIKE then checks the term itself
-- (db/company-search.ts).
-- A SQL-standard body: show_trgm is resolved now, not through the search_path of whoever runs it (a restore).
CREATE FUNCTION company_trigrams(company bigint, t text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN ARRAY(SELECT company::text || ':' || g FROM unnest(show_trgm(t)) AS g WHERE length(g) = 3 AND strpos(g, ' ') = 0 AND strpos(t, g) > 0);
--> statement-breakpoint
DROP INDEX "invoices_search_trgm_idx";--> statement-breakpoint
DROP INDEX "orders_search_trgm_idx";--> statement-breakpoint
DROP INDEX "subscriptions_search_trgm_idx";--> statement-breakpoint
DROP INDEX "product_tracking_search_trgm_idx";--> statement-breakpoint
DROP INDEX "repairs_search_trgm_idx";--> statement-breakpoint
DROP INDEX "returns_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "invoices_search_keys_idx" ON "invoices" USING gin (company_trigrams("company_id", "search_text"));--> statement-breakpoint
CREATE INDEX "orders_search_keys_idx" ON "orders" USING gin (company_trigrams("company_id", "search_text"));--> statement-breakpoint
CREATE INDEX "subscriptions_search_keys_idx" ON "subscriptions" USING gin (company_trigrams("company_id", "search_text"));--> statement-breakpoint
CREATE INDEX "product_tracking_search_keys_idx" ON "product_tracking" USING gin (company_trigrams("company_id", "search_text"));--> statement-breakpoint
CREATE INDEX "repairs_search_keys_idx" ON "repairs" USING gin (company_trigrams("company_id", "search_text"));--> statement-breakpoint
CREATE INDEX "returns_search_keys_idx" ON "returns" USING gin (company_trigrams("company_id", "search_text"));