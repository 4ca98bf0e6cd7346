import { EMAIL_STATUSES, type MailAttachment } from '@rentloop/domain/email';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn, tsOrNull, updatedAt } from './columns.ts';
import { companies } from './companies.ts';
import { companyInvitations } from './invitations.ts';
import { users } from './users.ts';

export const USER_TOKEN_KINDS = [
  'verify_email',
  'password_reset',
  'invitation',
  /** The link that accepts a company invitation (an account that already has a password). */
  'company_invitation',
] as const;

/** Single-use tokens sent by email (verification, password reset, invitation); stored as SHA-256 hashes. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: idColumn(),
    user_id: refColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: USER_TOKEN_KINDS }).notNull(),
    token_hash: text('token_hash').notNull(),
    expires_at: tsOrNull('expires_at').notNull(),
    used_at: tsOrNull('used_at'),
    /**
     * The company invitation the token answers: its accept link, or the first-password link of an account
     * the invitation created (setting the password accepts it). Gone with the invitation.
     */
    invitation_id: refColumn('invitation_id').references(() => companyInvitations.id, {
      onDelete: 'cascade',
    }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('user_tokens_hash_key').on(t.token_hash),
    index('user_tokens_user_idx').on(t.user_id, t.kind),
  ],
);

/**
 * The outbox: every email the product sends, kept as a record. Secret links in the body are hidden
 * (`body_html` holds the redacted copy, the one Email History shows). A mail with a secret link also
 * keeps its real body in `delivery_html` until the `email-send` job has delivered it or given up:
 * the job carries only the entry id (a token never sits in the job queue), and the column is cleared
 * as soon as the job is done with it (docs/decisions.md, "Secret links in mail").
 */
export const emailEntries = pgTable(
  'email_entries',
  {
    id: idColumn(),
    company_id: refColumn('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    cc: text('cc'),
    bcc: text('bcc'),
    subject: text('subject').notNull(),
    body_html: text('body_html').notNull(),
    /** The real body while undelivered, when it differs from `body_html`; never listed, never audited. */
    delivery_html: text('delivery_html'),
    /** The files it carries, by reference (never the bytes): made at delivery (integrations/email/attachments.ts). */
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    status: text('status', { enum: EMAIL_STATUSES }).notNull().default('queued'),
    error: text('error'),
    sent_at: tsOrNull('sent_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('email_entries_company_idx').on(t.company_id, t.id),
    // The email history's search (modules/email/service.ts: recipient or subject), trigram.
    index('email_entries_to_trgm_idx').using('gin', sql`lower(${t.to}) gin_trgm_ops`),
    index('email_entries_subject_trgm_idx').using('gin', sql`lower(${t.subject}) gin_trgm_ops`),
  ],
);

/** Platform-wide settings (operators): one row per key. */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updated_at: updatedAt(),
});

/** A company's settings, one row per settings group (general, invoice, checkout_general, ...). */
export const companySettings = pgTable(
  'company_settings',
  {
    company_id: refColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    group: text('group').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    updated_at: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.company_id, t.group] })],
);

/**
 * Failed sign-ins, counted per (account, source), per source and per account, so that every API
 * instance slows the same guesser. `email` is the normalized address tried (known or not); `source`
 * is the client address (an IPv6 address by its /64). '' stands for "any": ('', source) counts a
 * source over all accounts, (email, '') an account over all sources. See modules/auth/throttle.ts.
 */
export const signInThrottles = pgTable(
  'sign_in_throttles',
  {
    email: text('email').notNull(),
    source: text('source').notNull(),
    failures: integer('failures').notNull(),
    last_failure_at: tsOrNull('last_failure_at').notNull(),
    /** Until then, attempts this counter applies to are answered 429 without checking the password. */
    blocked_until: tsOrNull('blocked_until'),
  },
  (t) => [
    primaryKey({ columns: [t.email, t.source] }),
    index('sign_in_throttles_last_failure_idx').on(t.last_failure_at),
  ],
);
