-- Refunds never exceed what was paid (shared/BILLING.md "Money movements"): the last guard under the
-- service's check (modules/payments/refunds.ts, which computes the same figure under a row lock on the
-- original invoice). A refund attempt is written on its refund invoice, whose original_invoice_id is the
-- invoice it refunds; per original, the refunds not failed (succeeded, pending, or still open) must not
-- exceed its succeeded charges. Deferred to commit, and it takes the original's row lock itself before
-- summing (each statement of a READ COMMITTED function reads what was committed before it), so two
-- concurrent refunds that both skipped the service's check still cannot both commit.
-- SQLSTATE RL003 is answered as a 409 (modules/payments/refunds.ts).
CREATE OR REPLACE FUNCTION refunds_within_paid() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  original bigint;
  paid numeric;
  refunded numeric;
BEGIN
  IF NEW.kind <> 'refund' THEN
    RETURN NULL;
  END IF;
  SELECT i.original_invoice_id INTO original FROM invoices i
    WHERE i.company_id = NEW.company_id AND i.id = NEW.invoice_id;
  IF original IS NULL THEN
    RAISE EXCEPTION 'refund attempt % is not on a refund invoice', NEW.id USING ERRCODE = 'RL003';
  END IF;
  PERFORM 1 FROM invoices i WHERE i.company_id = NEW.company_id AND i.id = original FOR UPDATE;
  SELECT coalesce(sum(t.amount), 0) INTO paid FROM transactions t
    WHERE t.company_id = NEW.company_id AND t.invoice_id = original AND t.kind = 'charge'
      AND t.state = 'succeeded';
  SELECT coalesce(sum(t.amount), 0) INTO refunded FROM transactions t
    JOIN invoices r ON r.company_id = t.company_id AND r.id = t.invoice_id
    WHERE t.company_id = NEW.company_id AND r.original_invoice_id = original AND t.kind = 'refund'
      AND t.state <> 'failed';
  IF refunded > paid THEN
    RAISE EXCEPTION 'refunds of invoice % (%) exceed what was paid (%)', original, refunded, paid
      USING ERRCODE = 'RL003';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER transactions_refund_ceiling AFTER INSERT OR UPDATE ON transactions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.kind = 'refund')
  EXECUTE FUNCTION refunds_within_paid();
--> statement-breakpoint
-- The refunds of an invoice are found by their original: an index led by company_id.
CREATE INDEX IF NOT EXISTS invoices_company_original_idx ON invoices (company_id, original_invoice_id)
  WHERE original_invoice_id IS NOT NULL;
