-- Hand-written (decision 91). A unit whose kept figures become stale (decision 83) raises a transaction-local
-- flag, so the refresh at the end of a request or job transaction (modules/insights/asset-figures.ts) reads one
-- setting instead of probing product_tracking: a transaction that made nothing stale costs no table access.
-- One place for every way a unit becomes stale: inserted stale (a new unit; the CSV import writes its figures
-- and inserts it fresh), or marked by the triggers of migration 0069 (invoices, repairs, status history, the
-- purchase date or cost). The WHEN is evaluated without calling the function, so the refresh's own updates and
-- the business day's roll of utilisation (figures_stale false) cost nothing. `set_config(..., true)` lasts until
-- the transaction ends and is undone with a rolled-back savepoint, as the marks are.
CREATE OR REPLACE FUNCTION asset_figures_flag() RETURNS trigger AS $$
BEGIN
  PERFORM set_config('rentloop.assets_stale', 'on', true);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER asset_figures_flag_insert AFTER INSERT ON product_tracking
  FOR EACH ROW WHEN (NEW.figures_stale) EXECUTE FUNCTION asset_figures_flag();
--> statement-breakpoint
CREATE TRIGGER asset_figures_flag_update AFTER UPDATE ON product_tracking
  FOR EACH ROW WHEN (NEW.figures_stale AND NOT OLD.figures_stale) EXECUTE FUNCTION asset_figures_flag();
