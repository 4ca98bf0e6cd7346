-- Exact per-company counts for the product and variant lists, and the catalog in the audit trail
-- (product_syncs is the sync job's progress record, not a business change: not audited).
CREATE TRIGGER products_count_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_entity_count('products');
--> statement-breakpoint
CREATE TRIGGER products_count_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_entity_count('products');
--> statement-breakpoint
CREATE TRIGGER variants_count_insert AFTER INSERT ON product_variants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_entity_count('product_variants');
--> statement-breakpoint
CREATE TRIGGER variants_count_delete AFTER DELETE ON product_variants
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_entity_count('product_variants');
--> statement-breakpoint
SELECT audit_table('products');
--> statement-breakpoint
SELECT audit_table('product_variants');
--> statement-breakpoint
SELECT audit_table('bundles');
--> statement-breakpoint
SELECT audit_table('bundle_variants');
--> statement-breakpoint
SELECT audit_table('product_collections');
--> statement-breakpoint
SELECT audit_table('product_collection_items');
--> statement-breakpoint
SELECT audit_table('tax_rules');
--> statement-breakpoint
SELECT audit_table('availability_settings');
