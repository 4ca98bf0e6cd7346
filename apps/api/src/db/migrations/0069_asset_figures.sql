ALTER TABLE "product_tracking" ADD COLUMN "profit" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_tracking" ADD COLUMN "rented_days_closed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_tracking" ADD COLUMN "rented_since" date;--> statement-breakpoint
ALTER TABLE "product_tracking" ADD COLUMN "owned_since" date;--> statement-breakpoint
ALTER TABLE "product_tracking" ADD COLUMN "left_fleet_on" date;--> statement-breakpoint
ALTER TABLE "product_tracking" ADD COLUMN "utilisation" integer;--> statement-breakpoint
ALTER TABLE "product_tracking" ADD COLUMN "figures_stale" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "product_tracking_company_profit_idx" ON "product_tracking" USING btree ("company_id","profit","id");--> statement-breakpoint
CREATE INDEX "product_tracking_company_utilisation_idx" ON "product_tracking" USING btree ("company_id","utilisation","id");--> statement-breakpoint
CREATE INDEX "product_tracking_figures_stale_idx" ON "product_tracking" USING btree ("company_id","id") WHERE "product_tracking"."figures_stale";--> statement-breakpoint
CREATE INDEX "product_tracking_history_subscription_idx" ON "product_tracking_history" USING btree ("company_id","subscription_id","product_tracking_id") WHERE "product_tracking_history"."subscription_id" IS NOT NULL;--> statement-breakpoint
-- Hand-written (decision 83). The kept figures are derived: their refresh is no change anyone made, so the
-- audit trail of product_tracking records an update only when a column other than the figures changed.
DROP TRIGGER audit ON product_tracking;
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR DELETE ON product_tracking FOR EACH ROW EXECUTE FUNCTION audit_row();
--> statement-breakpoint
CREATE TRIGGER audit_update AFTER UPDATE ON product_tracking FOR EACH ROW
  WHEN ((to_jsonb(OLD) - ARRAY['profit', 'rented_days_closed', 'rented_since', 'owned_since', 'left_fleet_on', 'utilisation', 'figures_stale'])
        IS DISTINCT FROM (to_jsonb(NEW) - ARRAY['profit', 'rented_days_closed', 'rented_since', 'owned_since', 'left_fleet_on', 'utilisation', 'figures_stale']))
  EXECUTE FUNCTION audit_row();
--> statement-breakpoint
-- The units that served any of these subscriptions get their figures marked stale: the refresh at the end of
-- the same transaction (modules/product-tracking/figures.ts) computes them again.
CREATE OR REPLACE FUNCTION asset_figures_mark(company bigint, subs bigint[]) RETURNS void AS $$
  UPDATE product_tracking p SET figures_stale = true
   WHERE p.company_id = company AND NOT p.figures_stale
     AND p.id IN (SELECT h.product_tracking_id FROM product_tracking_history h
                   WHERE h.company_id = company AND h.subscription_id = ANY (subs));
$$ LANGUAGE sql;
--> statement-breakpoint
-- An issued invoice, or a change of its status or payment status: the subscriptions it names (its own, its
-- order's, its lines'), as the insights page reads them (modules/insights/asset-pnl.ts).
CREATE OR REPLACE FUNCTION asset_figures_invoice() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW.status <> 'issued' THEN RETURN NULL; END IF;
  IF TG_OP = 'UPDATE' AND OLD.status IS NOT DISTINCT FROM NEW.status
     AND OLD.payment_status IS NOT DISTINCT FROM NEW.payment_status THEN RETURN NULL; END IF;
  PERFORM asset_figures_mark(NEW.company_id, ARRAY(
    SELECT NEW.subscription_id WHERE NEW.subscription_id IS NOT NULL
    UNION SELECT s.id FROM subscriptions s WHERE s.company_id = NEW.company_id AND s.order_id = NEW.order_id
    UNION SELECT (l ->> 'subscription_id')::bigint FROM jsonb_array_elements(NEW.lines) l
           WHERE l ->> 'subscription_id' IS NOT NULL));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER asset_figures AFTER INSERT OR UPDATE OF status, payment_status ON invoices
  FOR EACH ROW EXECUTE FUNCTION asset_figures_invoice();
--> statement-breakpoint
-- A repair closed (or its cost changed): its asset.
CREATE OR REPLACE FUNCTION asset_figures_repair() RETURNS trigger AS $$
BEGIN
  UPDATE product_tracking SET figures_stale = true
   WHERE company_id = NEW.company_id AND id = NEW.product_tracking_id AND NOT figures_stale;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER asset_figures AFTER INSERT OR UPDATE OF status, total_cost, closed_at ON repairs
  FOR EACH ROW EXECUTE FUNCTION asset_figures_repair();
--> statement-breakpoint
-- A status change: the asset, and every unit its subscription had (a swap moves the shares of a line). A unit's
-- first entry (its creation, from no status) changes nothing its insert did not set: a new unit is stale by
-- default, and the import writes its figures with it.
CREATE OR REPLACE FUNCTION asset_figures_history() RETURNS trigger AS $$
BEGIN
  UPDATE product_tracking p SET figures_stale = true
    FROM (SELECT DISTINCT company_id, product_tracking_id FROM new_rows WHERE from_status IS NOT NULL) n
   WHERE p.company_id = n.company_id AND p.id = n.product_tracking_id AND NOT p.figures_stale;
  PERFORM asset_figures_mark(c.company_id, c.subs)
     FROM (SELECT company_id, array_agg(DISTINCT subscription_id) AS subs FROM new_rows
            WHERE subscription_id IS NOT NULL GROUP BY company_id) c;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER asset_figures AFTER INSERT ON product_tracking_history
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_figures_history();
--> statement-breakpoint
-- The purchase date or cost typed again: the asset itself.
CREATE OR REPLACE FUNCTION asset_figures_purchase() RETURNS trigger AS $$
BEGIN
  NEW.figures_stale := true;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER asset_figures_purchase BEFORE UPDATE OF purchase_date, purchase_cost ON product_tracking
  FOR EACH ROW WHEN (OLD.purchase_date IS DISTINCT FROM NEW.purchase_date OR OLD.purchase_cost IS DISTINCT FROM NEW.purchase_cost)
  EXECUTE FUNCTION asset_figures_purchase();
--> statement-breakpoint
-- Utilisation on `today` from the kept pieces, in hundredths of a percent, half-up: the insights page's
-- definition (packages/domain asset-pnl.ts: days rented ÷ days owned, capped at 100, null without a day owned).
CREATE OR REPLACE FUNCTION asset_utilisation(owned_since date, rented_closed integer, rented_since date,
                                             left_fleet_on date, today date) RETURNS integer AS $$
  SELECT CASE WHEN owned <= 0 THEN NULL
              ELSE ((least(rented, owned)::bigint * 20000 + owned) / (2 * owned))::integer END
    FROM (SELECT greatest(0, coalesce(left_fleet_on, today) - owned_since) AS owned,
                 rented_closed + CASE WHEN rented_since IS NULL THEN 0
                                      ELSE greatest(0, coalesce(left_fleet_on, today) - rented_since) END AS rented) d;
$$ LANGUAGE sql IMMUTABLE;
