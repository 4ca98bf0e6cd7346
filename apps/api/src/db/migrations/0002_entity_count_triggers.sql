-- Exact per-company row counts, kept in the same transaction as every insert and delete.
-- A list without search or filters reads its total here instead of counting rows (see docs/decisions.md).
CREATE OR REPLACE FUNCTION maintain_entity_count() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO entity_counts AS c (company_id, entity, total)
      SELECT company_id, TG_ARGV[0], count(*) FROM new_rows GROUP BY company_id
    ON CONFLICT (company_id, entity) DO UPDATE SET total = c.total + EXCLUDED.total;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE entity_counts c SET total = c.total - d.n
      FROM (SELECT company_id, count(*) AS n FROM old_rows GROUP BY company_id) d
     WHERE c.company_id = d.company_id AND c.entity = TG_ARGV[0];
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER customers_count_insert AFTER INSERT ON customers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_entity_count('customers');
--> statement-breakpoint
CREATE TRIGGER customers_count_delete AFTER DELETE ON customers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION maintain_entity_count('customers');
