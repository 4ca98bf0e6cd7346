/**
 * The narrow search tables of the biggest lists (decision 102, migration 0080): each searched row's id, its
 * company, what decides its list's scope and its search text, about 100 bytes a row, kept by triggers on the
 * table it copies. A search of a big company reads its candidates here (the keyed trigram index,
 * db/company-search.ts) instead of from rows ten times wider: "tremblay" among 400,000 orders reads 3,660
 * of these rows instead of 3,660 orders of ~900 bytes. The list counts its matches and takes a page sorted
 * by id from this table alone, then reads the page's rows whole (db/define-list.ts, `narrowSearch`).
 * Derived data: never written by the services, not audited (the row it copies is).
 */
import { boolean, foreignKey, pgTable, text } from 'drizzle-orm/pg-core';
import { companySearchIndex, refColumn } from './columns.ts';
import { orders, subscriptions } from './orders.ts';

/** Orders and quotes: `draft` and `consumable` decide which of the four lists a row is in. */
export const orderSearch = pgTable(
  'order_search',
  {
    order_id: refColumn('order_id').primaryKey(),
    company_id: refColumn('company_id').notNull(),
    draft: boolean('draft').notNull(),
    consumable: boolean('consumable').notNull(),
    search_text: text('search_text').notNull(),
  },
  (t) => [
    companySearchIndex('order_search_keys_idx', t.company_id, t.search_text),
    foreignKey({
      name: 'order_search_order_fk',
      columns: [t.company_id, t.order_id],
      foreignColumns: [orders.company_id, orders.id],
    }).onDelete('cascade'),
  ],
);

export const subscriptionSearch = pgTable(
  'subscription_search',
  {
    subscription_id: refColumn('subscription_id').primaryKey(),
    company_id: refColumn('company_id').notNull(),
    search_text: text('search_text').notNull(),
  },
  (t) => [
    companySearchIndex('subscription_search_keys_idx', t.company_id, t.search_text),
    foreignKey({
      name: 'subscription_search_subscription_fk',
      columns: [t.company_id, t.subscription_id],
      foreignColumns: [subscriptions.company_id, subscriptions.id],
    }).onDelete('cascade'),
  ],
);
