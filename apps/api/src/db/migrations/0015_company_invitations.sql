-- Adding someone to a company is an invitation they accept (security probe, issue 10, finding 3).
-- company_invitations holds what the inviting admin typed; only company_users gives access. The id comes
-- from the users' sequence (see apps/api/src/db/schema/invitations.ts). user_tokens.invitation_id binds an
-- accept link (or an invited account's first-password link) to its invitation.
CREATE TABLE "company_invitations" (
	"id" bigint PRIMARY KEY DEFAULT nextval('users_id_seq') NOT NULL,
	"company_id" bigint NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"company_functions" text[] DEFAULT '{}'::text[] NOT NULL,
	"invited_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_tokens" ADD COLUMN "invitation_id" bigint;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_invitations_company_email_key" ON "company_invitations" USING btree ("company_id","email");--> statement-breakpoint
CREATE INDEX "company_invitations_email_idx" ON "company_invitations" USING btree ("email");--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_invitation_id_company_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."company_invitations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Invitations are company data: audited like company_users, in the company's trail.
SELECT audit_table('company_invitations');
