-- A company's currency is frozen once any amount is stored in it: amounts are minor units of the company
-- currency, so changing it would silently relabel every price (CA$25.00 becoming EUR 25.00). The
-- companies service refuses the change with a 422 on `currency`; this trigger is the backstop for any
-- other path. Tables that store amounts join the check as they arrive (docs/decisions.md).
CREATE OR REPLACE FUNCTION companies_currency_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.currency IS DISTINCT FROM OLD.currency AND (
    EXISTS (SELECT 1 FROM products p WHERE p.company_id = OLD.id AND (
      p.rental_price_monthly IS NOT NULL OR p.rental_price_quarterly IS NOT NULL
      OR p.rental_price_annually IS NOT NULL OR p.buyout_price IS NOT NULL
      OR p.deposit IS NOT NULL OR p.purchase_price IS NOT NULL))
    OR EXISTS (SELECT 1 FROM product_variants v WHERE v.company_id = OLD.id AND v.price IS NOT NULL)
    OR EXISTS (SELECT 1 FROM bundles b WHERE b.company_id = OLD.id AND b.price IS NOT NULL)
  ) THEN
    RAISE EXCEPTION 'the currency of company % cannot change: amounts are stored in it', OLD.id
      USING ERRCODE = 'RL001';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER companies_currency_frozen BEFORE UPDATE OF currency ON companies
  FOR EACH ROW EXECUTE FUNCTION companies_currency_frozen();
