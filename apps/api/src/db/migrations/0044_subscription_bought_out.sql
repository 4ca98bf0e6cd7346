-- A buyout (POST subscriptions/{id}/process-buyout) ends the subscription with the action bought_out
-- (spec 01 §4); this column tells that end from any other, so it is never reactivated.
ALTER TABLE "subscriptions" ADD COLUMN "bought_out_at" timestamp with time zone;
