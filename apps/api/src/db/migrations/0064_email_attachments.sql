-- The files a mail carries, by reference (integrations/email/attachments.ts: made at delivery, never copied here).
ALTER TABLE "email_entries" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;
