import { VOUCHER_APPLIES_TO, VOUCHER_KINDS } from '@rentloop/domain/vouchers';
import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';
import { createdAt, idColumn, money, refColumn, updatedAt } from './columns.ts';
import { companies } from './companies.ts';
import { customers } from './customers.ts';

const companyRef = () =>
  refColumn('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/**
 * A voucher of a company (spec 02 §3). The code is unique in the company whatever its case; the
 * amounts (`amount` of a fixed-amount voucher, `minimum_cart_value`) are minor units of the company's
 * currency (frozen by the currency check, migration 0030). `used_count` only grows through the
 * conditional update of `redeemVoucher` (never past `usage_limit`).
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: idColumn(),
    company_id: companyRef(),
    code: text('code').notNull(),
    description: text('description'),
    kind: text('kind', { enum: VOUCHER_KINDS }).notNull(),
    percentage: numeric('percentage', { precision: 7, scale: 4 }),
    amount: money('amount'),
    valid_from: date('valid_from', { mode: 'string' }),
    valid_until: date('valid_until', { mode: 'string' }),
    usage_limit: integer('usage_limit'),
    usage_limit_per_customer: integer('usage_limit_per_customer'),
    used_count: integer('used_count').notNull().default(0),
    minimum_cart_value: money('minimum_cart_value'),
    applies_to: text('applies_to', { enum: VOUCHER_APPLIES_TO }).notNull().default('all_payments'),
    recurring_payments: integer('recurring_payments'),
    active: boolean('active').notNull().default(true),
    /** What the list search matches (code, description), lower-cased, under one trigram index. */
    search_text: text('search_text').generatedAlwaysAs(
      (): SQL => sql`lower(${vouchers.code} || ' ' || coalesce(${vouchers.description}, ''))`,
    ),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('vouchers_company_code_key').on(t.company_id, sql`lower(${t.code})`),
    uniqueIndex('vouchers_company_id_key').on(t.company_id, t.id),
    index('vouchers_company_code_idx').on(t.company_id, t.code, t.id),
    index('vouchers_company_until_idx').on(t.company_id, t.valid_until, t.id),
    index('vouchers_company_created_idx').on(t.company_id, t.created_at, t.id),
    index('vouchers_search_trgm_idx').using('gin', sql`${t.search_text} gin_trgm_ops`),
  ],
);

/** The products a voucher is limited to (none: every product). */
export const voucherProducts = pgTable(
  'voucher_products',
  {
    company_id: companyRef(),
    voucher_id: refColumn('voucher_id').notNull(),
    product_id: refColumn('product_id').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.voucher_id, t.product_id] }),
    index('voucher_products_product_idx').on(t.product_id),
    foreignKey({
      name: 'voucher_products_voucher_fk',
      columns: [t.company_id, t.voucher_id],
      foreignColumns: [vouchers.company_id, vouchers.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'voucher_products_product_fk',
      columns: [t.company_id, t.product_id],
      foreignColumns: [products.company_id, products.id],
    }).onDelete('cascade'),
  ],
);

/** One use of a voucher by a customer (the per-customer limit counts these). */
export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    id: idColumn(),
    company_id: companyRef(),
    voucher_id: refColumn('voucher_id').notNull(),
    customer_id: refColumn('customer_id').notNull(),
    discount: money('discount').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index('voucher_redemptions_voucher_customer_idx').on(t.company_id, t.voucher_id, t.customer_id),
    foreignKey({
      name: 'voucher_redemptions_voucher_fk',
      columns: [t.company_id, t.voucher_id],
      foreignColumns: [vouchers.company_id, vouchers.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'voucher_redemptions_customer_fk',
      columns: [t.company_id, t.customer_id],
      foreignColumns: [customers.company_id, customers.id],
    }).onDelete('cascade'),
  ],
);
