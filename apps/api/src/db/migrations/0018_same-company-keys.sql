-- Tenancy by structure: references between company-owned rows become (company_id, id) keys, so the
-- database refuses a link across companies. The unique keys come first (a foreign key needs one).
CREATE UNIQUE INDEX "bundles_company_id_key" ON "bundles" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "collections_company_id_key" ON "product_collections" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "variants_company_id_key" ON "product_variants" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_company_id_key" ON "products" USING btree ("company_id","id");--> statement-breakpoint
DROP INDEX "bundles_company_idx";--> statement-breakpoint
DROP INDEX "variants_company_id_idx";--> statement-breakpoint
DROP INDEX "products_company_id_idx";--> statement-breakpoint
ALTER TABLE "bundle_variants" DROP CONSTRAINT "bundle_variants_bundle_id_bundles_id_fk";--> statement-breakpoint
ALTER TABLE "bundle_variants" DROP CONSTRAINT "bundle_variants_variant_id_product_variants_id_fk";--> statement-breakpoint
ALTER TABLE "product_collection_items" DROP CONSTRAINT "product_collection_items_collection_id_product_collections_id_fk";--> statement-breakpoint
ALTER TABLE "product_collection_items" DROP CONSTRAINT "product_collection_items_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "product_variants" DROP CONSTRAINT "product_variants_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "bundle_variants" ADD CONSTRAINT "bundle_variants_bundle_fk" FOREIGN KEY ("company_id","bundle_id") REFERENCES "public"."bundles"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_variants" ADD CONSTRAINT "bundle_variants_variant_fk" FOREIGN KEY ("company_id","variant_id") REFERENCES "public"."product_variants"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_collection_items" ADD CONSTRAINT "collection_items_collection_fk" FOREIGN KEY ("company_id","collection_id") REFERENCES "public"."product_collections"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_collection_items" ADD CONSTRAINT "collection_items_product_fk" FOREIGN KEY ("company_id","product_id") REFERENCES "public"."products"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "variants_product_fk" FOREIGN KEY ("company_id","product_id") REFERENCES "public"."products"("company_id","id") ON DELETE cascade ON UPDATE no action;
