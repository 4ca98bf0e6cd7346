import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, refColumn } from './columns.ts';
import { users } from './users.ts';

/**
 * The answers of POSTs sent with an `Idempotency-Key` header (http/idempotency.ts), per caller, scope
 * (the company of the URL, '' for platform routes) and key, for 24 hours: a repeat gets the stored
 * answer instead of running again. On a transactional route the row is written in the transaction of
 * the request it answers, so it exists exactly when that request's writes committed; on a route that
 * calls out (`transaction: false`) it is claimed first (no answer yet: "in progress") and answered after.
 * Not audited: the request's own rows are.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    user_id: refColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The company id of the URL ('' for a platform route): one key means one thing per company. */
    scope: text('scope').notNull().default(''),
    key: text('key').notNull(),
    /** SHA-256 of method, path and body: the same key with another request is refused. */
    request_hash: text('request_hash').notNull(),
    response_status: integer('response_status'),
    response_body: jsonb('response_body'),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.scope, t.key] }),
    index('idempotency_keys_created_idx').on(t.created_at),
  ],
);
