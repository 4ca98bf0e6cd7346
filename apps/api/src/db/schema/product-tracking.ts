/**
 * Product tracking (packages/domain product-tracking.ts): one row per physical unit (asset) and the
 * history of its status changes. A unit is a variant's or a bundle's (exactly one), refers to both and
 * to its subscription by (company_id, id), so it can never point into another company; its serial
 * number is unique per company ignoring case (the unique index is what keeps concurrent creations
 * apart). A subscription holds at most one rented out unit (the partial unique index).
 */
import { ASSET_STATUSES } from '@rentloop/domain/enums';
import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bundles, productVariants } from './catalog.ts';
import { companySearchIndex, createdAt, idColumn, money, refColumn, tsOrNull, updatedAt } from './columns.ts';
import { companies } from './companies.ts';
import { subscriptions } from './orders.ts';
import { users } from './users.ts';

const companyRef = () =>
  refColumn('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

export const productTracking = pgTable(
  'product_tracking',
  {
    id: idColumn(),
    company_id: companyRef(),
    serial_number: text('serial_number').notNull(),
    variant_id: refColumn('variant_id'),
    bundle_id: refColumn('bundle_id'),
    /** The products the unit holds (the variant's product, or the bundle's products) when it was created. */
    products: bigint('products', { mode: 'number' }).array().notNull(),
    product_name: text('product_name').notNull(),
    variant_name: text('variant_name'),
    status: text('status', { enum: ASSET_STATUSES }).notNull().default('in stock'),
    location: text('location'),
    condition_note: text('condition_note'),
    purchase_date: date('purchase_date', { mode: 'string' }),
    purchase_cost: money('purchase_cost'),
    subscription_id: refColumn('subscription_id'),
    status_changed_at: tsOrNull('status_changed_at').notNull().default(sql`now()`),
    /** What the list search matches (serial number, product), lower-cased, under a trigram index. */
    search_text: text('search_text').generatedAlwaysAs(
      (): SQL => sql`lower(${productTracking.serial_number} || ' ' || ${productTracking.product_name})`,
    ),
    created_at: createdAt(),
    updated_at: updatedAt(),
    // The list's sorts by profit and utilisation (decision 83): kept figures, equal to the asset's
    // insights page. Written only by modules/product-tracking/figures.ts; the audit trail skips them.
    /** Collected revenue − closed repairs − purchase cost, minor units (the insights page's `profit`). */
    profit: money('profit').notNull().default(sql`0`),
    /** Days rented in the stints that ended (the open one counts from `rented_since`). */
    rented_days_closed: integer('rented_days_closed').notNull().default(0),
    /** The first day of the stint still running, null when the unit is not out. */
    rented_since: date('rented_since', { mode: 'string' }),
    /** The purchase date, else the day it was tracked (company calendar): where days owned start. */
    owned_since: date('owned_since', { mode: 'string' }),
    /** The day it was bought out, stolen or removed; null while in the fleet. */
    left_fleet_on: date('left_fleet_on', { mode: 'string' }),
    /**
     * Utilisation in hundredths of a percent on the company's day of the last refresh or business day
     * (SQL `asset_utilisation`, migration 0069); null while no day is owned yet.
     */
    utilisation: integer('utilisation'),
    /** Set by triggers when something the figures depend on changed; cleared by the refresh. */
    figures_stale: boolean('figures_stale').notNull().default(true),
  },
  (t) => [
    check('product_tracking_variant_or_bundle', sql`(${t.variant_id} IS NULL) <> (${t.bundle_id} IS NULL)`),
    uniqueIndex('product_tracking_company_id_key').on(t.company_id, t.id),
    uniqueIndex('product_tracking_company_serial_key').on(t.company_id, sql`lower(${t.serial_number})`),
    uniqueIndex('product_tracking_rented_subscription_key')
      .on(t.company_id, t.subscription_id)
      .where(sql`${t.status} = 'rented out'`),
    ...(
      [
        'serial_number',
        'product_name',
        'status',
        'purchase_date',
        'purchase_cost',
        'status_changed_at',
        'created_at',
        'updated_at',
        'profit',
        'utilisation',
      ] as const
    ).map((k) => index(`product_tracking_company_${k}_idx`).on(t.company_id, t[k], t.id)),
    index('product_tracking_company_variant_idx').on(t.company_id, t.variant_id, t.id),
    index('product_tracking_company_bundle_idx').on(t.company_id, t.bundle_id, t.id),
    index('product_tracking_company_subscription_idx').on(t.company_id, t.subscription_id, t.id),
    index('product_tracking_products_idx').using('gin', t.products),
    index('product_tracking_figures_stale_idx').on(t.company_id, t.id).where(sql`${t.figures_stale}`),
    companySearchIndex('product_tracking_search_keys_idx', t.company_id, t.search_text),
    foreignKey({
      name: 'product_tracking_variant_fk',
      columns: [t.company_id, t.variant_id],
      foreignColumns: [productVariants.company_id, productVariants.id],
    }),
    foreignKey({
      name: 'product_tracking_bundle_fk',
      columns: [t.company_id, t.bundle_id],
      foreignColumns: [bundles.company_id, bundles.id],
    }),
    foreignKey({
      name: 'product_tracking_subscription_fk',
      columns: [t.company_id, t.subscription_id],
      foreignColumns: [subscriptions.company_id, subscriptions.id],
    }),
  ],
);

/** Every status change of an asset: who, when, from, to, why, and which subscription. */
export const productTrackingHistory = pgTable(
  'product_tracking_history',
  {
    id: idColumn(),
    company_id: companyRef(),
    product_tracking_id: refColumn('product_tracking_id').notNull(),
    /** Null for the unit's creation. */
    from_status: text('from_status', { enum: ASSET_STATUSES }),
    to_status: text('to_status', { enum: ASSET_STATUSES }).notNull(),
    action: text('action'),
    reason: text('reason'),
    subscription_id: refColumn('subscription_id'),
    user_id: refColumn('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The user's name when they acted (kept when the account goes). */
    user_name: text('user_name'),
    created_at: createdAt(),
  },
  (t) => [
    index('product_tracking_history_asset_idx').on(t.company_id, t.product_tracking_id, t.id),
    // The units a subscription had (the insights page, the figures' stale marks).
    index('product_tracking_history_subscription_idx')
      .on(t.company_id, t.subscription_id, t.product_tracking_id)
      .where(sql`${t.subscription_id} IS NOT NULL`),
    foreignKey({
      name: 'product_tracking_history_asset_fk',
      columns: [t.company_id, t.product_tracking_id],
      foreignColumns: [productTracking.company_id, productTracking.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'product_tracking_history_subscription_fk',
      columns: [t.company_id, t.subscription_id],
      foreignColumns: [subscriptions.company_id, subscriptions.id],
    }),
  ],
);
