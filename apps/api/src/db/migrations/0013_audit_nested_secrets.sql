-- The audit trail redacts secrets at any depth, and names every entity.
--
-- 0004's audit_row() redacted only top-level column names, so a secret inside a jsonb column (the sealed
-- shop credentials in company_settings.data.credentials_sealed) was copied into history_logs, where
-- company admins read it. A key is secret when its name matches audit_secret_pattern(): it contains
-- password, secret, token, credential, api key or private key, or is one of the hash columns or
-- email_entries.delivery_html (the unredacted body of an undelivered mail). A secret column is left out
-- of a created or deleted entry and shows as "[redacted]" when it changes (as before); inside a jsonb
-- value, at any depth, a secret key's value is replaced by "[redacted]" (null stays null, so the trail
-- still shows credentials being set or removed).
--
-- entity_id was NULL for tables without an `id` column (company_settings, platform_settings, and the
-- link tables): it is now the row's primary key without company_id (which the entry carries anyway),
-- parts joined by ":" (company_settings: the group, "shop_system"; platform_settings: the key;
-- company_users: the user id; bundle_variants: "bundle_id:variant_id").

-- What a secret key looks like (in a key, case-insensitively). Also the cheap first test of a whole
-- value: a row whose text does not match holds no secret key, and is recorded as it is.
CREATE OR REPLACE FUNCTION audit_secret_pattern() RETURNS text AS $$
  SELECT 'password|passwd|secret|token|credential|api_?key|private_?key|access_hash|refresh_hash|delivery_html'::text;
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_is_secret_key(k text) RETURNS boolean AS $$
  SELECT k = 'search_text' OR k ~* audit_secret_pattern();
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- A jsonb value with the value of every secret key, at any depth, replaced by "[redacted]".
CREATE OR REPLACE FUNCTION audit_redact(j jsonb) RETURNS jsonb AS $$
BEGIN
  IF j IS NULL OR jsonb_typeof(j) NOT IN ('object', 'array') OR j::text !~* audit_secret_pattern() THEN
    RETURN j;
  END IF;
  IF jsonb_typeof(j) = 'object' THEN
    RETURN coalesce(
      (SELECT jsonb_object_agg(
                e.key,
                CASE
                  WHEN audit_is_secret_key(e.key) AND jsonb_typeof(e.value) <> 'null' THEN '"[redacted]"'::jsonb
                  ELSE audit_redact(e.value)
                END)
         FROM jsonb_each(j) AS e),
      '{}'::jsonb);
  END IF;
  RETURN coalesce(
    (SELECT jsonb_agg(audit_redact(e.value) ORDER BY e.ord)
       FROM jsonb_array_elements(j) WITH ORDINALITY AS e(value, ord)),
    '[]'::jsonb);
END;
$$ LANGUAGE plpgsql IMMUTABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_row() RETURNS trigger AS $$
DECLARE
  old_j jsonb;
  new_j jsonb;
  before_j jsonb;
  after_j jsonb;
  k text;
  row_j jsonb;
  entity text;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_j := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN new_j := to_jsonb(NEW); END IF;
  IF TG_OP = 'UPDATE' THEN
    before_j := '{}'::jsonb;
    after_j := '{}'::jsonb;
    FOR k IN SELECT jsonb_object_keys(new_j) LOOP
      CONTINUE WHEN k = 'updated_at' OR (old_j -> k) IS NOT DISTINCT FROM (new_j -> k);
      IF audit_is_secret_key(k) THEN
        IF k <> 'search_text' THEN
          before_j := before_j || jsonb_build_object(k, '[redacted]');
          after_j := after_j || jsonb_build_object(k, '[redacted]');
        END IF;
      ELSE
        before_j := before_j || jsonb_build_object(k, audit_redact(old_j -> k));
        after_j := after_j || jsonb_build_object(k, audit_redact(new_j -> k));
      END IF;
    END LOOP;
    IF after_j = '{}'::jsonb THEN RETURN NULL; END IF;
  ELSE
    after_j := coalesce(new_j, old_j) - 'search_text';
    -- Most rows hold nothing that looks like a secret: recorded as they are, without walking them.
    IF after_j::text ~* audit_secret_pattern() THEN
      SELECT coalesce(jsonb_object_agg(e.key, audit_redact(e.value)), '{}'::jsonb)
        INTO after_j
        FROM jsonb_each(after_j) AS e
       WHERE NOT audit_is_secret_key(e.key);
    END IF;
    IF TG_OP = 'DELETE' THEN
      before_j := after_j;
      after_j := NULL;
    END IF;
  END IF;
  row_j := coalesce(new_j, old_j);
  entity := row_j ->> 'id';
  IF entity IS NULL THEN
    -- No id column: the primary key, without company_id, its parts joined by ":".
    SELECT string_agg(row_j ->> a.attname, ':' ORDER BY array_position(i.indkey::int2[], a.attnum))
      INTO entity
      FROM pg_index i
      JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
     WHERE i.indrelid = TG_RELID AND i.indisprimary AND a.attname <> 'company_id';
    entity := coalesce(entity, row_j ->> 'user_id', row_j ->> 'company_id');
  END IF;
  INSERT INTO history_logs (company_id, user_id, entity_type, entity_id, action, before, after, request_id, ip)
  VALUES (
    CASE WHEN TG_TABLE_NAME = 'companies' THEN (row_j ->> 'id')::bigint ELSE (row_j ->> 'company_id')::bigint END,
    nullif(current_setting('rentloop.user_id', true), '')::bigint,
    TG_TABLE_NAME,
    entity,
    CASE TG_OP WHEN 'INSERT' THEN 'created' WHEN 'UPDATE' THEN 'updated' ELSE 'deleted' END,
    before_j,
    after_j,
    nullif(current_setting('rentloop.request_id', true), ''),
    nullif(current_setting('rentloop.ip', true), '')
  );
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- What the old function already copied: scrub the secrets out of the trail, and name the settings rows
-- whose key is still in the entry (created and deleted entries carry every column).
UPDATE history_logs
   SET before = audit_redact(before), after = audit_redact(after)
 WHERE concat(before::text, after::text) ~* audit_secret_pattern()
   AND (audit_redact(before) IS DISTINCT FROM before OR audit_redact(after) IS DISTINCT FROM after);
--> statement-breakpoint
UPDATE history_logs
   SET entity_id = coalesce(after ->> 'group', before ->> 'group')
 WHERE entity_type = 'company_settings' AND entity_id IS NULL;
--> statement-breakpoint
UPDATE history_logs
   SET entity_id = coalesce(after ->> 'key', before ->> 'key')
 WHERE entity_type = 'platform_settings' AND entity_id IS NULL;
