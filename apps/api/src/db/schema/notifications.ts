import type { NotificationInputValue } from '@rentloop/domain/notifications';
import { NOTIFICATION_TYPES } from '@rentloop/domain/notifications';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn, tsOrNull } from './columns.ts';
import { companies } from './companies.ts';
import { users } from './users.ts';

/**
 * Notifications (modules/notifications): a company's (company_id set; the product writes them when a
 * shop sync, an export or a billing run finishes) and the platform's (company_id null; operators write
 * them, everyone sees them). Audited like company data (platform ones are logged as the platform's).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    company_id: refColumn('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    message: text('message').notNull().default(''),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull().default('info'),
    /** A download link, a list of them or a redirect (`notificationInputValueSchema`). */
    input: jsonb('input').$type<NotificationInputValue>(),
    /** The operator who wrote it; null for the product's own (and once that user is deleted). */
    author_id: refColumn('author_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: tsOrNull('updated_at'),
  },
  (t) => [
    // A company's list: its own and the platform's (company_id null), newest first.
    index('notifications_company_idx').on(t.company_id, t.id.desc()),
  ],
);

/**
 * Who read what: one row per user and notification read. A row gone is "unread" (Mark as unread
 * deletes it). Not audited: it is each user's own read state, changed on every open and hover.
 */
export const notificationReads = pgTable(
  'notification_reads',
  {
    notification_id: refColumn('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    user_id: refColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    read_at: tsOrNull('read_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.notification_id, t.user_id] }),
    index('notification_reads_user_idx').on(t.user_id, t.notification_id),
  ],
);
