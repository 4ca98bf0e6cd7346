ALTER TABLE "subscriptions" ADD COLUMN "replacement_kind" text;
--> statement-breakpoint
-- Subscriptions already waiting: an order's swap recorded its reason in its event (the latest one naming
-- the subscription); one with no swap was asked for on the subscription itself (its unit is faulty).
UPDATE "subscriptions" s SET "replacement_kind" = CASE
    WHEN swap.reason IS NULL THEN 'faulty'
    WHEN swap.reason = 'Damaged on arrival' THEN 'damaged'
    ELSE 'missing'
  END
FROM (
  SELECT s2.id, (
      SELECT CASE WHEN e.id IS NULL THEN NULL ELSE coalesce(e.payload->>'reason', '') END
      FROM "events" e
      WHERE e.company_id = s2.company_id AND e.object = 'order' AND e.object_id = s2.order_id
        AND e.type = 'order.swap_requested' AND (e.payload->>'subscription_id')::bigint = s2.id
      ORDER BY e.id DESC LIMIT 1
    ) AS reason
  FROM "subscriptions" s2
  WHERE s2.status = 'pending replacement'
) swap
WHERE s.id = swap.id;
