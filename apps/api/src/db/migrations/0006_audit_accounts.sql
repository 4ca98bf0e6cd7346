-- The account tables join the audit trail (token hashes are redacted by audit_row()).
SELECT audit_table('user_tokens');
--> statement-breakpoint
SELECT audit_table('email_entries');
--> statement-breakpoint
SELECT audit_table('platform_settings');
--> statement-breakpoint
SELECT audit_table('company_settings');
