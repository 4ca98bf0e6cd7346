-- Decision 93: the lists' sort-by-id indexes (company_id, id, id) of invoices, recurring payments and attempts
-- repeated the unique (company_id, id) keys, which serve that sort; each written row updated both.
DROP INDEX "invoices_company_id_idx";--> statement-breakpoint
DROP INDEX "recurring_payments_company_id_idx";--> statement-breakpoint
DROP INDEX "transactions_company_id_idx";