-- Hand-written (decision 93). The audit trail and the invoices' asset-figure marks, set at a time.
--
-- Until now both were row-level triggers: for every row a statement wrote, PL/pgSQL ran, and the audit
-- trigger's own INSERT into history_logs (one statement per row) fired history_logs' trail count (one more
-- insert per row). A billing batch of 50 invoices spent 44 of its insert's 51 ms in these two triggers, and
-- as much again when the batch moved to "pending payment" (EXPLAIN ANALYZE, decision 93). Statement-level
-- triggers with transition tables do the same work in one statement per written statement.
--
-- What an entry says is unchanged (audit_row() of migration 0013 is the reference and stays for the tables
-- below): a created entry holds the row without search_text, secret columns left out and secret keys
-- redacted at any depth; a deleted one the same as `before`; an updated one the changed columns but
-- updated_at, a secret column as "[redacted]", search_text never; an update that changed nothing but those
-- writes no entry. Who, request id and IP come from the same transaction-local settings.
--
-- Transition tables need one trigger per event (PostgreSQL refuses them on a trigger of several events) and
-- an update's old and new rows are paired by `id`: tables with an `id` column get the three statement-level
-- triggers (audit_insert, audit_update, audit_delete); the link and settings tables without one (named by
-- their primary key) keep the row-level `audit`, as does product_tracking, whose update trigger has a WHEN
-- (migration 0069) that a statement-level trigger cannot have.

-- The body of a created or deleted entry.
CREATE OR REPLACE FUNCTION audit_entry(j jsonb) RETURNS jsonb AS $$
  SELECT CASE
    WHEN (j - 'search_text')::text ~* audit_secret_pattern() THEN
      (SELECT coalesce(jsonb_object_agg(e.key, audit_redact(e.value)), '{}'::jsonb)
         FROM jsonb_each(j - 'search_text') AS e
        WHERE NOT audit_is_secret_key(e.key))
    ELSE j - 'search_text'
  END;
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- The before and after of an updated entry (both '{}' when nothing recorded changed).
CREATE OR REPLACE FUNCTION audit_change(old_j jsonb, new_j jsonb, OUT before jsonb, OUT after jsonb) AS $$
  SELECT coalesce(jsonb_object_agg(k, CASE WHEN audit_is_secret_key(k) THEN '"[redacted]"'::jsonb
                                           ELSE audit_redact(old_j -> k) END), '{}'::jsonb),
         coalesce(jsonb_object_agg(k, CASE WHEN audit_is_secret_key(k) THEN '"[redacted]"'::jsonb
                                           ELSE audit_redact(new_j -> k) END), '{}'::jsonb)
    FROM jsonb_object_keys(new_j) AS k
   WHERE k NOT IN ('updated_at', 'search_text') AND (old_j -> k) IS DISTINCT FROM (new_j -> k);
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_rows() RETURNS trigger AS $$
DECLARE
  uid bigint := nullif(current_setting('rentloop.user_id', true), '')::bigint;
  rid text := nullif(current_setting('rentloop.request_id', true), '');
  addr text := nullif(current_setting('rentloop.ip', true), '');
  own boolean := TG_TABLE_NAME = 'companies';
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO history_logs (company_id, user_id, entity_type, entity_id, action, before, after, request_id, ip)
      SELECT (CASE WHEN own THEN j ->> 'id' ELSE j ->> 'company_id' END)::bigint, uid, TG_TABLE_NAME, j ->> 'id',
             'created', NULL, audit_entry(j), rid, addr
        FROM (SELECT to_jsonb(n) AS j FROM new_rows n) AS r;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO history_logs (company_id, user_id, entity_type, entity_id, action, before, after, request_id, ip)
      SELECT (CASE WHEN own THEN r.nj ->> 'id' ELSE r.nj ->> 'company_id' END)::bigint, uid, TG_TABLE_NAME,
             r.nj ->> 'id', 'updated', c.before, c.after, rid, addr
        FROM (SELECT to_jsonb(o) AS oj, to_jsonb(n) AS nj FROM old_rows o JOIN new_rows n ON n.id = o.id
               ORDER BY n.id) AS r
        CROSS JOIN LATERAL audit_change(r.oj, r.nj) AS c
       WHERE c.after <> '{}'::jsonb;
  ELSE
    INSERT INTO history_logs (company_id, user_id, entity_type, entity_id, action, before, after, request_id, ip)
      SELECT (CASE WHEN own THEN j ->> 'id' ELSE j ->> 'company_id' END)::bigint, uid, TG_TABLE_NAME, j ->> 'id',
             'deleted', audit_entry(j), NULL, rid, addr
        FROM (SELECT to_jsonb(o) AS j FROM old_rows o) AS r;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Every later table gets its audit here (the test in modules/history-logs fails for a table without one).
CREATE OR REPLACE FUNCTION audit_table(target regclass) RETURNS void AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = target AND attname = 'id' AND NOT attisdropped) THEN
    EXECUTE format('CREATE TRIGGER audit_insert AFTER INSERT ON %s REFERENCING NEW TABLE AS new_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION audit_rows()', target);
    EXECUTE format('CREATE TRIGGER audit_update AFTER UPDATE ON %s REFERENCING OLD TABLE AS old_rows '
                   'NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_rows()', target);
    EXECUTE format('CREATE TRIGGER audit_delete AFTER DELETE ON %s REFERENCING OLD TABLE AS old_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION audit_rows()', target);
  ELSE
    EXECUTE format('CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON %s FOR EACH ROW '
                   'EXECUTE FUNCTION audit_row()', target);
  END IF;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The tables audited so far: those with an id move to the statement-level triggers.
DO $$
DECLARE
  t regclass;
BEGIN
  FOR t IN
    SELECT tg.tgrelid::regclass FROM pg_trigger tg
     WHERE tg.tgname = 'audit' AND tg.tgfoid = 'audit_row'::regproc AND tg.tgrelid <> 'product_tracking'::regclass
       AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = tg.tgrelid AND a.attname = 'id' AND NOT a.attisdropped)
  LOOP
    EXECUTE format('DROP TRIGGER audit ON %s', t);
    PERFORM audit_table(t);
  END LOOP;
END;
$$;
--> statement-breakpoint
-- The units behind a set of (company, subscription) pairs get their figures marked stale (asset_figures_mark
-- of migration 0069, for many subscriptions of many companies at once).
CREATE OR REPLACE FUNCTION asset_figures_mark_pairs(companies bigint[], subs bigint[]) RETURNS void AS $$
  UPDATE product_tracking p SET figures_stale = true
    FROM (SELECT DISTINCT h.company_id, h.product_tracking_id
            FROM unnest(companies, subs) AS s(company_id, subscription_id)
            JOIN product_tracking_history h
              ON h.company_id = s.company_id AND h.subscription_id = s.subscription_id) AS t
   WHERE p.company_id = t.company_id AND p.id = t.product_tracking_id AND NOT p.figures_stale;
$$ LANGUAGE sql;
--> statement-breakpoint
-- The subscriptions an invoice names (its own, its order's, its lines'), as asset_figures_invoice() read them.
CREATE OR REPLACE FUNCTION asset_figures_invoice_subs(company bigint, subscription bigint, ord bigint, lines jsonb)
RETURNS SETOF bigint AS $$
  SELECT subscription WHERE subscription IS NOT NULL
  UNION SELECT s.id FROM subscriptions s WHERE s.company_id = company AND s.order_id = ord
  UNION SELECT (l ->> 'subscription_id')::bigint FROM jsonb_array_elements(lines) AS l
         WHERE l ->> 'subscription_id' IS NOT NULL;
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
-- An issued invoice, or a change of its status or payment status (asset_figures_invoice() of 0069, per statement).
CREATE OR REPLACE FUNCTION asset_figures_invoices() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM asset_figures_mark_pairs(array_agg(n.company_id), array_agg(x.sub))
       FROM new_rows n
       CROSS JOIN LATERAL asset_figures_invoice_subs(n.company_id, n.subscription_id, n.order_id, n.lines) AS x(sub)
      WHERE n.status = 'issued';
  ELSE
    PERFORM asset_figures_mark_pairs(array_agg(n.company_id), array_agg(x.sub))
       FROM old_rows o JOIN new_rows n ON n.id = o.id
       CROSS JOIN LATERAL asset_figures_invoice_subs(n.company_id, n.subscription_id, n.order_id, n.lines) AS x(sub)
      WHERE (o.status, o.payment_status) IS DISTINCT FROM (n.status, n.payment_status);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER asset_figures ON invoices;
--> statement-breakpoint
DROP FUNCTION asset_figures_invoice();
--> statement-breakpoint
CREATE TRIGGER asset_figures_insert AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION asset_figures_invoices();
--> statement-breakpoint
CREATE TRIGGER asset_figures_update AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION asset_figures_invoices();
