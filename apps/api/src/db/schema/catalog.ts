import { PRODUCT_CLASSES, PRODUCT_SOURCES, PRODUCT_STATUSES, SYNC_STATUSES } from '@rentloop/domain/catalog';
import { PRODUCT_TYPES } from '@rentloop/domain/enums';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, money, refColumn, tsOrNull, updatedAt } from './columns.ts';
import { companies } from './companies.ts';

const companyRef = () =>
  refColumn('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/**
 * Tenancy by structure: a row that refers to another company-owned row refers to it by
 * (company_id, id), so the database itself refuses a link across companies (a bug in a query can
 * no longer attach company B's variant to company A's bundle). The referenced table carries a
 * unique key on (company_id, id) for it; that key is also the index of its id-ordered list.
 */
const sameCompany = (
  name: string,
  companyId: AnyPgColumn,
  refId: AnyPgColumn,
  target: { company_id: AnyPgColumn; id: AnyPgColumn },
) =>
  foreignKey({ name, columns: [companyId, refId], foreignColumns: [target.company_id, target.id] }).onDelete(
    'cascade',
  );

/** A product: from a shop (source + shop_id) or made by hand (source manual). Amounts in minor units. */
export const products = pgTable(
  'products',
  {
    id: idColumn(),
    company_id: companyRef(),
    source: text('source', { enum: PRODUCT_SOURCES }).notNull().default('manual'),
    shop_id: text('shop_id'),
    name: text('name').notNull(),
    description: text('description'),
    type: text('type', { enum: PRODUCT_TYPES }).notNull().default('normal'),
    status: text('status', { enum: PRODUCT_STATUSES }).notNull().default('active'),
    product_class: text('product_class', { enum: PRODUCT_CLASSES }).notNull().default('standard'),
    image_url: text('image_url'),
    rental_price_monthly: money('rental_price_monthly'),
    rental_price_quarterly: money('rental_price_quarterly'),
    rental_price_annually: money('rental_price_annually'),
    minimum_term_months: integer('minimum_term_months'),
    buyout_price: money('buyout_price'),
    deposit: money('deposit'),
    purchase_price: money('purchase_price'),
    /** A fingerprint of the shop's data at the last sync, so an unchanged product is not rewritten. */
    shop_hash: text('shop_hash'),
    search_text: text('search_text').generatedAlwaysAs(
      (): SQL => sql`lower(${products.name} || ' ' || coalesce(${products.shop_id}, ''))`,
    ),
    /**
     * Set when archived in Rentloop (not the shop's `status`): out of the default list (and its
     * maintained total) until restored.
     */
    archived_at: tsOrNull('archived_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_company_shop_key').on(t.company_id, t.source, t.shop_id),
    uniqueIndex('products_company_id_key').on(t.company_id, t.id),
    // The default list shows active products only: its indexes hold only those (partial); the
    // archived few have one index of their own.
    index('products_company_active_idx').on(t.company_id, t.id).where(sql`archived_at IS NULL`),
    index('products_company_name_idx').on(t.company_id, t.name, t.id).where(sql`archived_at IS NULL`),
    index('products_company_created_idx')
      .on(t.company_id, t.created_at, t.id)
      .where(sql`archived_at IS NULL`),
    index('products_company_updated_idx')
      .on(t.company_id, t.updated_at, t.id)
      .where(sql`archived_at IS NULL`),
    index('products_company_type_idx').on(t.company_id, t.type, t.id).where(sql`archived_at IS NULL`),
    index('products_company_archived_idx').on(t.company_id, t.id).where(sql`archived_at IS NOT NULL`),
    index('products_search_trgm_idx').using('gin', sql`${t.search_text} gin_trgm_ops`),
  ],
);

export const productVariants = pgTable(
  'product_variants',
  {
    id: idColumn(),
    company_id: companyRef(),
    product_id: refColumn('product_id').notNull(),
    shop_id: text('shop_id'),
    sku: text('sku'),
    name: text('name').notNull(),
    options: jsonb('options').$type<Record<string, string>>().notNull().default({}),
    price: money('price'),
    stock: integer('stock'),
    search_text: text('search_text').generatedAlwaysAs(
      (): SQL => sql`lower(coalesce(${productVariants.sku}, '') || ' ' || ${productVariants.name})`,
    ),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('variants_product_shop_key').on(t.product_id, t.shop_id),
    uniqueIndex('variants_company_id_key').on(t.company_id, t.id),
    sameCompany('variants_product_fk', t.company_id, t.product_id, products),
    index('variants_company_sku_idx').on(t.company_id, t.sku, t.id),
    index('variants_company_name_idx').on(t.company_id, t.name, t.id),
    index('variants_company_created_idx').on(t.company_id, t.created_at, t.id),
    index('variants_product_idx').on(t.product_id, t.id),
    index('variants_search_trgm_idx').using('gin', sql`${t.search_text} gin_trgm_ops`),
  ],
);

export const bundles = pgTable(
  'bundles',
  {
    id: idColumn(),
    company_id: companyRef(),
    name: text('name').notNull(),
    description: text('description'),
    is_group: boolean('is_group').notNull().default(false),
    is_active: boolean('is_active').notNull().default(true),
    price: money('price'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('bundles_company_id_key').on(t.company_id, t.id)],
);

export const bundleVariants = pgTable(
  'bundle_variants',
  {
    company_id: companyRef(),
    bundle_id: refColumn('bundle_id').notNull(),
    variant_id: refColumn('variant_id').notNull(),
    quantity: integer('quantity').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.bundle_id, t.variant_id] }),
    index('bundle_variants_variant_idx').on(t.variant_id),
    sameCompany('bundle_variants_bundle_fk', t.company_id, t.bundle_id, bundles),
    sameCompany('bundle_variants_variant_fk', t.company_id, t.variant_id, productVariants),
  ],
);

export const productCollections = pgTable(
  'product_collections',
  {
    id: idColumn(),
    company_id: companyRef(),
    name: text('name').notNull(),
    description: text('description'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('collections_company_name_key').on(t.company_id, t.name),
    uniqueIndex('collections_company_id_key').on(t.company_id, t.id),
  ],
);

export const productCollectionItems = pgTable(
  'product_collection_items',
  {
    company_id: companyRef(),
    collection_id: refColumn('collection_id').notNull(),
    product_id: refColumn('product_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.collection_id, t.product_id] }),
    index('collection_items_product_idx').on(t.product_id),
    sameCompany('collection_items_collection_fk', t.company_id, t.collection_id, productCollections),
    sameCompany('collection_items_product_fk', t.company_id, t.product_id, products),
  ],
);

export const taxRules = pgTable(
  'tax_rules',
  {
    id: idColumn(),
    company_id: companyRef(),
    name: text('name'),
    country: text('country').notNull(),
    region: text('region'),
    product_class: text('product_class', { enum: PRODUCT_CLASSES }).notNull().default('standard'),
    percentage: numeric('percentage', { precision: 7, scale: 4 }).notNull(),
    /** manual, or the shop it was imported from by tax-rules/refresh. */
    source: text('source').notNull().default('manual'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('tax_rules_key').on(t.company_id, t.country, sql`coalesce(${t.region}, '')`, t.product_class),
  ],
);

export const availabilitySettings = pgTable(
  'availability_settings',
  {
    id: idColumn(),
    company_id: companyRef(),
    sku_name: text('sku_name').notNull(),
    is_available: boolean('is_available').notNull().default(true),
    min_stock: integer('min_stock').notNull().default(0),
    lead_time_days: integer('lead_time_days').notNull().default(0),
    max_rental_days: integer('max_rental_days'),
    note: text('note'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('availability_company_sku_key').on(t.company_id, t.sku_name)],
);

/** One run of the product sync from a company's shop, with its progress and result. */
export const productSyncs = pgTable(
  'product_syncs',
  {
    id: idColumn(),
    company_id: companyRef(),
    shop_system: text('shop_system').notNull(),
    status: text('status', { enum: SYNC_STATUSES }).notNull().default('queued'),
    processed: integer('processed').notNull().default(0),
    total: integer('total'),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    removed: integer('removed').notNull().default(0),
    error: text('error'),
    started_at: tsOrNull('started_at'),
    finished_at: tsOrNull('finished_at'),
    created_at: createdAt(),
  },
  (t) => [index('product_syncs_company_idx').on(t.company_id, t.id)],
);
