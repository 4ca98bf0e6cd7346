import { COMPANY_ROLES } from '@rentloop/domain/roles';
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, refColumn, updatedAt } from './columns.ts';
import { companies } from './companies.ts';
import { users } from './users.ts';

/**
 * An invitation to join a company, addressed to an email: what the company's admin typed, and nothing
 * of the account behind the address (docs/decisions.md, "Joining a company is an invitation"). Only
 * `company_users` gives access; an invitation becomes a membership when the person accepts it from
 * the mailed link (a `user_tokens` row bound to the invitation), or sets the first password of an
 * account the invitation created.
 *
 * There is deliberately no user id here: the audit trail copies every column into the company's
 * history, and an account's id would tell its age (ids are sequential). For the same reason the id
 * is drawn from the users' sequence, and is the new account's own id when the invitation creates one:
 * a pending row's id looks the same whether or not the address had an account, and never names a
 * user of another company in `/api/auth/{company}/users/{id}`.
 */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().default(sql`nextval('users_id_seq')`),
    company_id: refColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** As typed (lower-cased and trimmed, like every account email). */
    email: text('email').notNull(),
    /** As typed; the email when the admin typed no name (`PUT /users/roles`). */
    name: text('name').notNull(),
    role: text('role', { enum: COMPANY_ROLES }).notNull().default('user'),
    company_functions: text('company_functions').array().notNull().default(sql`'{}'::text[]`),
    invited_by: refColumn('invited_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('company_invitations_company_email_key').on(t.company_id, t.email),
    index('company_invitations_email_idx').on(t.email),
  ],
);
