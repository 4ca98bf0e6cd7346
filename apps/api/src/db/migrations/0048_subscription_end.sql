-- Ending a subscription (issue 25 item 5): the reason as a code churn is counted by, and the day an end
-- asked for "at the end of the term" takes effect (the business jobs end it then). The partial index is
-- what the daily job reads: the few subscriptions with an end due, per company.
ALTER TABLE "subscriptions" ADD COLUMN "end_reason_code" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "end_scheduled_on" date;--> statement-breakpoint
CREATE INDEX "subscriptions_company_end_scheduled_idx" ON "subscriptions" USING btree ("company_id","end_scheduled_on") WHERE "subscriptions"."end_scheduled_on" is not null;