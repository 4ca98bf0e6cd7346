DROP INDEX "products_company_name_idx";--> statement-breakpoint
DROP INDEX "products_company_created_idx";--> statement-breakpoint
DROP INDEX "products_company_updated_idx";--> statement-breakpoint
DROP INDEX "products_company_type_idx";--> statement-breakpoint
DROP INDEX "customers_company_id_idx";--> statement-breakpoint
DROP INDEX "customers_company_name_idx";--> statement-breakpoint
DROP INDEX "customers_company_created_idx";--> statement-breakpoint
DROP INDEX "customers_company_updated_idx";--> statement-breakpoint
DROP INDEX "customers_company_country_idx";--> statement-breakpoint
DROP INDEX "customers_company_language_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "products_company_active_idx" ON "products" USING btree ("company_id","id") WHERE archived_at IS NULL;--> statement-breakpoint
CREATE INDEX "products_company_archived_idx" ON "products" USING btree ("company_id","id") WHERE archived_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "customers_company_archived_idx" ON "customers" USING btree ("company_id","id") WHERE archived_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "products_company_name_idx" ON "products" USING btree ("company_id","name","id") WHERE archived_at IS NULL;--> statement-breakpoint
CREATE INDEX "products_company_created_idx" ON "products" USING btree ("company_id","created_at","id") WHERE archived_at IS NULL;--> statement-breakpoint
CREATE INDEX "products_company_updated_idx" ON "products" USING btree ("company_id","updated_at","id") WHERE archived_at IS NULL;--> statement-breakpoint
CREATE INDEX "products_company_type_idx" ON "products" USING btree ("company_id","type","id") WHERE archived_at IS NULL;--> statement-breakpoint
CREATE INDEX "customers_company_id_idx" ON "customers" USING btree ("company_id","id") WHERE archived_at IS NULL;--> statement-breakpoint
CREATE INDEX "customers_company_name_idx" ON "customers" USING btree ("company_id","name","id") WHERE archived_at IS NULL;--> statement-breakpoint
CREATE INDEX "customers_company_created_idx" ON "customers" USING btree ("company_id","created_at","id") WHERE archived_at IS NULL;--> statement-breakpoint
CREATE INDEX "customers_company_updated_idx" ON "customers" USING btree ("company_id","updated_at","id") WHERE archived_at IS NULL;--> statement-breakpoint
CREATE INDEX "customers_company_country_idx" ON "customers" USING btree ("company_id","billing_country","id") WHERE archived_at IS NULL;--> statement-breakpoint
CREATE INDEX "customers_company_language_idx" ON "customers" USING btree ("company_id","language","id") WHERE archived_at IS NULL;--> statement-breakpoint
-- The maintained totals of customers and products count the active rows only: the default list
-- shows those (an archived row is in the archived list, counted on its index). Insert and delete
-- count rows without archived_at; archiving and restoring move one row out of or into the total.
CREATE OR REPLACE FUNCTION maintain_active_count() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO entity_counts AS c (company_id, entity, total)
      SELECT company_id, TG_ARGV[0], count(*) FROM new_rows WHERE archived_at IS NULL GROUP BY company_id
    ON CONFLICT (company_id, entity) DO UPDATE SET total = c.total + EXCLUDED.total;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE entity_counts c SET total = c.total - d.n
      FROM (SELECT company_id, count(*) AS n FROM old_rows WHERE archived_at IS NULL GROUP BY company_id) d
     WHERE c.company_id = d.company_id AND c.entity = TG_ARGV[0];
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION maintain_active_count_on_archive() RETURNS trigger AS $$
BEGIN
  INSERT INTO entity_counts AS c (company_id, entity, total)
    VALUES (NEW.company_id, TG_ARGV[0], CASE WHEN NEW.archived_at IS NULL THEN 1 ELSE -1 END)
  ON CONFLICT (company_id, entity) DO UPDATE SET total = c.total + EXCLUDED.total;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER customers_count_insert ON customers;
--> statement-breakpoint
DROP TRIGGER customers_count_delete ON customers;
--> statement-breakpoint
DROP TRIGGER products_count_insert ON products;
--> statement-breakpoint
DROP TRIGGER products_count_delete ON products;
--> statement-breakpoint
CREATE TRIGGER customers_count_insert AFTER INSERT ON customers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_active_count('customers');
--> statement-breakpoint
CREATE TRIGGER customers_count_delete AFTER DELETE ON customers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_active_count('customers');
--> statement-breakpoint
-- A row trigger, fired only when archived_at changes between null and a time (transition tables
-- cannot be limited to a column, and every other update, a sync's say, should not pay for this).
CREATE TRIGGER customers_count_archive AFTER UPDATE OF archived_at ON customers FOR EACH ROW
  WHEN ((OLD.archived_at IS NULL) <> (NEW.archived_at IS NULL))
  EXECUTE FUNCTION maintain_active_count_on_archive('customers');
--> statement-breakpoint
CREATE TRIGGER products_count_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_active_count('products');
--> statement-breakpoint
CREATE TRIGGER products_count_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_active_count('products');
--> statement-breakpoint
CREATE TRIGGER products_count_archive AFTER UPDATE OF archived_at ON products FOR EACH ROW
  WHEN ((OLD.archived_at IS NULL) <> (NEW.archived_at IS NULL))
  EXECUTE FUNCTION maintain_active_count_on_archive('products');
