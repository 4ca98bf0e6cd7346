import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, refColumn } from './columns.ts';
import { users } from './users.ts';

/**
 * The answers of POSTs sent with an `Idempotency-Key` header (http/idempotency.ts), per user and key,
 * for 24 hours: a repeat gets the stored answer instead of running again. The row is written in the
 * transaction of the request it answers, so it exists exactly when that request's writes committed.
 * Not audited: the request's own rows are.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    user_id: refColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of method, path and body: the same key with another request is refused. */
    request_hash: text('request_hash').notNull(),
    response_status: integer('response_status'),
    response_body: jsonb('response_body'),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.key] }),
    index('idempotency_keys_created_idx').on(t.created_at),
  ],
);
