-- Decision 102: the orders' and subscriptions' searches read narrow copies of the searched rows (id, company,
-- scope, search text; db/schema/search.ts) under the keyed trigram index of decision 99, instead of the lists'
-- own rows (an order is ~900 bytes with its two address snapshots): the candidates of a big company's search
-- come from ~100-byte rows, and a search sorted by id counts and pages from them alone. Triggers keep them: a
-- statement's inserts at once (its transition table), an update only when it changes what the copy holds (the
-- WHEN is checked without calling the function, so billing's payment-status updates cost nothing here), a
-- delete by the foreign key's cascade.
CREATE TABLE "order_search" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"draft" boolean NOT NULL,
	"consumable" boolean NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_search" (
	"subscription_id" bigint PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
INSERT INTO "order_search" ("order_id", "company_id", "draft", "consumable", "search_text")
  SELECT "id", "company_id", "status" = 'draft', "consumable", "search_text" FROM "orders";--> statement-breakpoint
INSERT INTO "subscription_search" ("subscription_id", "company_id", "search_text")
  SELECT "id", "company_id", "search_text" FROM "subscriptions";--> statement-breakpoint
DROP INDEX "orders_search_keys_idx";--> statement-breakpoint
DROP INDEX "subscriptions_search_keys_idx";--> statement-breakpoint
ALTER TABLE "order_search" ADD CONSTRAINT "order_search_order_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_search" ADD CONSTRAINT "subscription_search_subscription_fk" FOREIGN KEY ("company_id","subscription_id") REFERENCES "public"."subscriptions"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_search_keys_idx" ON "order_search" USING gin (company_trigrams("company_id", "search_text"));--> statement-breakpoint
CREATE INDEX "subscription_search_keys_idx" ON "subscription_search" USING gin (company_trigrams("company_id", "search_text"));--> statement-breakpoint
CREATE FUNCTION order_search_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_search (order_id, company_id, draft, consumable, search_text)
    SELECT id, company_id, status = 'draft', consumable, search_text FROM added;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER order_search_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION order_search_added();--> statement-breakpoint
CREATE FUNCTION order_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_search SET draft = NEW.status = 'draft', consumable = NEW.consumable, search_text = NEW.search_text
   WHERE order_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER order_search_update AFTER UPDATE ON orders FOR EACH ROW
  WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text OR OLD.consumable IS DISTINCT FROM NEW.consumable
        OR (OLD.status = 'draft') IS DISTINCT FROM (NEW.status = 'draft'))
  EXECUTE FUNCTION order_search_changed();--> statement-breakpoint
CREATE FUNCTION subscription_search_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO subscription_search (subscription_id, company_id, search_text)
    SELECT id, company_id, search_text FROM added;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER subscription_search_insert AFTER INSERT ON subscriptions REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION subscription_search_added();--> statement-breakpoint
CREATE FUNCTION subscription_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE subscription_search SET search_text = NEW.search_text WHERE subscription_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER subscription_search_update AFTER UPDATE ON subscriptions FOR EACH ROW
  WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text)
  EXECUTE FUNCTION subscription_search_changed();
