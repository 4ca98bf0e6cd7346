import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn } from './columns.ts';

/**
 * The audit trail. Rows are written by the audit triggers (`audit_rows()` once per statement, from its
 * transition tables, for tables with an `id`; `audit_row()` per row for the others; migrations 0013, 0077) in the same
 * transaction as every insert, update and delete of an audited table, and by the sign-in code for
 * sign-in events. Who, request id and IP come from transaction-local settings (`rentloop.*`) that
 * the API sets for every write request (see http/transactions.ts). Secrets are never recorded.
 */
export const historyLogs = pgTable(
  'history_logs',
  {
    id: idColumn(),
    company_id: refColumn('company_id'),
    user_id: refColumn('user_id'),
    /** The table name: customers, users, companies, company_users, ... or auth for sign-in events. */
    entity_type: text('entity_type').notNull(),
    entity_id: text('entity_id'),
    /** created, updated, deleted; login, login_failed, logout, refresh_reused. */
    action: text('action').notNull(),
    /** For updates only the changed fields; for creates `after` only; for deletes `before` only. */
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    request_id: text('request_id'),
    ip: text('ip'),
    created_at: createdAt(),
  },
  (t) => [
    index('history_logs_company_idx').on(t.company_id, t.id),
    index('history_logs_entity_idx').on(t.entity_type, t.entity_id, t.id),
    index('history_logs_user_idx').on(t.user_id, t.id),
    // The list's search (modules/history-logs/service.ts): entity type and id, lower-cased, trigram.
    index('history_logs_search_trgm_idx').using(
      'gin',
      sql`(lower(${t.entity_type} || ' ' || coalesce(${t.entity_id}, ''))) gin_trgm_ops`,
    ),
    // Sign-in throttling counts recent failures per email (see modules/auth/service.ts).
    index('history_logs_auth_email_idx')
      .on(sql`(${t.after} ->> 'email')`, t.created_at)
      .where(sql`${t.entity_type} = 'auth'`),
  ],
);
