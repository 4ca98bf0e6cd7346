-- The currency freeze (migration 0039, `currency_money_tables()`) covers the cumulated invoices' tables of
-- migration 0045 too: their periods' totals and collected amounts are in the company's currency.
-- db/currency-freeze.test.ts fails when a table with a money() column is missing here.
CREATE OR REPLACE FUNCTION currency_money_tables() RETURNS TABLE (table_name text, holds_money text)
LANGUAGE sql IMMUTABLE AS $$
  VALUES
    ('products', 'rental_price_monthly IS NOT NULL OR rental_price_quarterly IS NOT NULL OR rental_price_annually IS NOT NULL OR buyout_price IS NOT NULL OR deposit IS NOT NULL OR purchase_price IS NOT NULL'),
    ('product_variants', 'price IS NOT NULL'),
    ('bundles', 'price IS NOT NULL'),
    ('vouchers', 'amount IS NOT NULL OR minimum_cart_value IS NOT NULL'),
    ('voucher_redemptions', 'true'),
    ('shipping_methods', 'true'),
    ('shipping_rules', 'surcharge IS NOT NULL'),
    ('shipping_rule_bands', 'true'),
    ('orders', 'true'),
    ('order_items', 'true'),
    ('subscriptions', 'true'),
    ('recurring_payments', 'true'),
    ('invoices', 'true'),
    ('transactions', 'true'),
    ('cumulated_invoices', 'true'),
    ('cumulated_items', 'true')
$$;
