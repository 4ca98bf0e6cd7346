import { COMPANY_ROLES, GLOBAL_ROLES } from '@rentloop/domain/roles';
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn, tsOrNull, updatedAt } from './columns.ts';
import { companies } from './companies.ts';

export const USER_STATUSES = ['active', 'invited', 'disabled'] as const;

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    name: text('name').notNull(),
    /** Stored lower-cased and trimmed; unique. */
    email: text('email').notNull(),
    password_hash: text('password_hash'),
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    /** Platform role of the provider's operators; null for merchant staff. */
    role: text('role', { enum: GLOBAL_ROLES }),
    email_verified_at: tsOrNull('email_verified_at'),
    show_errors: boolean('show_errors').notNull().default(true),
    show_warnings: boolean('show_warnings').notNull().default(true),
    show_successes: boolean('show_successes').notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // The users lists' search (modules/users: lower(name) LIKE or email LIKE), trigram.
    index('users_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);

/** Membership of a user in a company, with the role held there. */
export const companyUsers = pgTable(
  'company_users',
  {
    company_id: refColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    user_id: refColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: COMPANY_ROLES }).notNull().default('user'),
    company_functions: text('company_functions').array().notNull().default(sql`'{}'::text[]`),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.company_id, t.user_id] }), index('company_users_user_idx').on(t.user_id)],
);

/**
 * A signed-in session. Only SHA-256 hashes of the tokens are stored, so a database
 * leak does not leak usable tokens. A refresh revokes the row and inserts its successor
 * (same family), so a refresh token that was rotated away is still recognised when reused.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: idColumn(),
    user_id: refColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The chain of rotations that started at one sign-in: a refresh replaces the row with a new one of the
     * same family. A rotated-away refresh token that comes back was copied, so the whole family ends.
     */
    family_id: uuid('family_id').notNull().defaultRandom(),
    access_hash: text('access_hash').notNull(),
    refresh_hash: text('refresh_hash').notNull(),
    access_expires_at: tsOrNull('access_expires_at').notNull(),
    refresh_expires_at: tsOrNull('refresh_expires_at').notNull(),
    revoked_at: tsOrNull('revoked_at'),
    ip: text('ip'),
    user_agent: text('user_agent'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('sessions_access_hash_key').on(t.access_hash),
    uniqueIndex('sessions_refresh_hash_key').on(t.refresh_hash),
    index('sessions_user_idx').on(t.user_id),
    index('sessions_family_idx').on(t.family_id),
    index('sessions_refresh_expires_idx').on(t.refresh_expires_at),
  ],
);
