/**
 * Product sync from a company's shop (WooCommerce, Shopify): `startProductSync` records a sync and
 * enqueues its job in the caller's transaction; the job first checks that the shop sells in the
 * company's currency, then reads every page of the shop's products (the sync's progress moves with
 * each page, nothing of the catalog is written yet), and applies them all in one transaction at the
 * end: products upserted by (company, source, shop id), variants by (product, shop id), products the
 * shop no longer has marked, and the sync's result. A shop that fails on any page (unreachable, bad
 * credentials, a malformed answer) therefore changes nothing.
 * The shop owns name, description, type, status, image and variants; Rentloop owns rental prices,
 * buyout price, deposit, purchase price, minimum term, tax class and collections, which a sync never
 * writes. A product that disappeared from the shop is marked `deleted_in_shop`, never deleted (orders
 * and subscriptions refer to it). `tax-rules/refresh` is in tax-import.ts. See docs/shops.md.
 * The job works in the company of the sync's row and acts on behalf of the user who started the
 * sync: its writes are audited as `job:catalog-product-sync:<job id>` with that user.
 */
import { createHash } from 'node:crypto';
import type { ProductSync } from '@rentloop/domain/catalog';
import { isHttpUrl } from '@rentloop/domain/validation';
import { and, desc, eq, inArray, isNotNull, ne, notInArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { actingUserId, type Ctx, type Transact } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  companies,
  productSyncs,
  products,
  productTracking,
  productVariants,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import {
  createShopAdapter,
  hasShopAdapter,
  type ShopAdapterOptions,
} from '../../integrations/shops/index.ts';
import { ShopError, type ShopProduct } from '../../integrations/shops/types.ts';
import { inJobTransaction, jobActor, jobCtx } from '../../jobs/context.ts';
import { defineJob, enqueue, type JobContext } from '../../jobs/queue.ts';
import { shopAmountToMinor } from '../../money.ts';
import { notifyCompanyFromJob, productSyncNotification } from '../notifications/product-events.ts';
import { getShopConnection, getShopSettings } from '../settings/shop.ts';

export const NO_SHOP_CONNECTED = 'No shop is connected. Connect your shop in Settings first.';
export const SYNC_ALREADY_RUNNING = 'A product sync is already queued or running. Wait for it to finish.';
export const SHOPIFY_NO_TAX_RATES =
  'Shopify does not publish its tax rates through its API; define the tax rules here.';
export const SYNC_UNEXPECTED_FAILURE =
  'The product sync stopped on an unexpected error. Start it again; if it fails again, contact support.';
export const syncNotAvailable = (system: string) => `Product sync for ${system} is not available yet.`;
/** The shop sells in another currency than the company's: its prices cannot be read as the company's. */
export const currencyMismatch = (shop: string, company: string) =>
  `The shop's currency is ${shop}, but the company's currency is ${company}. Nothing was synced: its prices would be read in the wrong currency. Make both the same, then start the sync again.`;

const SYNC_JOB = 'catalog-product-sync';
const HOUR_MS = 3_600_000;
/** A sync still running after this long was abandoned (the worker stopped); the job expires then too. */
const RUNNING_LIMIT_HOURS = 6;
/** A sync still queued after this long never reached a worker. */
const QUEUED_LIMIT_HOURS = 24;
export const ABANDONED = 'The product sync did not finish (the worker stopped). Start it again.';

type SyncRow = typeof productSyncs.$inferSelect;
type ShopSource = 'woocommerce' | 'shopify';

const toProductSync = (row: SyncRow): ProductSync => ({
  id: row.id,
  shop_system: row.shop_system,
  status: row.status,
  processed: row.processed,
  total: row.total,
  created: row.created,
  updated: row.updated,
  unchanged: row.unchanged,
  removed: row.removed,
  error: row.error,
  started_at: row.started_at,
  finished_at: row.finished_at,
  created_at: row.created_at,
});

/** The company's `shop_system` (what `startProductSync` syncs from), or null. */
export async function companyShopSystem(ctx: Ctx): Promise<string | null> {
  const [row] = await ctx.db
    .select({ shop_system: companies.shop_system })
    .from(companies)
    .where(eq(companies.id, ctx.companyId));
  return row?.shop_system ?? null;
}

/**
 * `POST products/sync`: records a queued sync and enqueues its job, both in `ctx.db` (the request's
 * transaction). `shopSystem` is the company's `shop_system`. 409 without a connected shop, for a
 * platform without an adapter, or while another sync of the company is queued or running. The job
 * carries who started the sync (product_syncs has no column for it): it acts on their behalf.
 */
export async function startProductSync(ctx: Ctx, shopSystem: string | null): Promise<ProductSync> {
  const { db: tx, companyId } = ctx;
  if (!shopSystem) throw new AppError('conflict', NO_SHOP_CONNECTED);
  if (!hasShopAdapter(shopSystem)) throw new AppError('conflict', syncNotAvailable(shopSystem));
  const settings = await getShopSettings(ctx);
  if (settings.shop_system !== shopSystem || !settings.url || !settings.has_credentials) {
    throw new AppError('conflict', NO_SHOP_CONNECTED);
  }
  if (!ctx.deps.boss) throw new AppError('unavailable', 'Background jobs are not running on this server.');

  // One start at a time per company, so two concurrent requests cannot both pass the check below.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`product-sync:${companyId}`}))`);
  const now = ctx.clock.now();
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * HOUR_MS).toISOString();
  await tx
    .update(productSyncs)
    .set({ status: 'failed', error: ABANDONED, finished_at: now.toISOString() })
    .where(
      and(
        eq(productSyncs.company_id, companyId),
        sql`((${productSyncs.status} = 'running' and ${productSyncs.started_at} < ${hoursAgo(RUNNING_LIMIT_HOURS)}::timestamptz)
          or (${productSyncs.status} = 'queued' and ${productSyncs.created_at} < ${hoursAgo(QUEUED_LIMIT_HOURS)}::timestamptz))`,
      ),
    );
  const [active] = await tx
    .select({ id: productSyncs.id })
    .from(productSyncs)
    .where(and(eq(productSyncs.company_id, companyId), inArray(productSyncs.status, ['queued', 'running'])))
    .limit(1);
  if (active) throw new AppError('conflict', SYNC_ALREADY_RUNNING);

  const [row] = await tx
    .insert(productSyncs)
    // created_at from the clock too: the abandonment check above compares it with the clock.
    .values({
      company_id: companyId,
      shop_system: shopSystem,
      status: 'queued',
      created_at: now.toISOString(),
    })
    .returning();
  await enqueue(
    ctx.deps.boss,
    tx,
    productSyncJob,
    { syncId: row!.id, requestedBy: actingUserId(ctx.actor) },
    { expireInHours: RUNNING_LIMIT_HOURS },
  );
  return toProductSync(row!);
}

/** The company's most recent sync (for the product list's progress and result), or null. */
export async function latestProductSync(ctx: Ctx): Promise<ProductSync | null> {
  const [row] = await ctx.db
    .select()
    .from(productSyncs)
    .where(eq(productSyncs.company_id, ctx.companyId))
    .orderBy(desc(productSyncs.id))
    .limit(1);
  return row ? toProductSync(row) : null;
}

/** A failure of the sync with a message for the merchant (like a ShopError, but not from the shop). */
class SyncFailure extends Error {}

/** Products written per statement batch when the sync applies what it read. */
const APPLY_BATCH = 500;

/** Variants deduplicated by shop id (the last wins), so one page cannot hit the unique key twice. */
const normalize = (p: ShopProduct): ShopProduct => ({
  ...p,
  variants: [...new Map(p.variants.map((v) => [v.shopId, v])).values()],
});

/** A fingerprint of everything the sync writes from the shop, and the currency its prices are read in. */
export function shopHash(p: ShopProduct, currency: string): string {
  const canonical = [
    1,
    currency,
    p.name,
    p.description,
    p.type,
    p.status,
    p.imageUrl,
    p.variants.map((v) => [
      v.shopId,
      v.sku,
      v.name,
      Object.entries(v.options).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      v.price,
      v.stock,
    ]),
  ];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/** What the sync writes in: the company (of `ctx`), its shop and currency, and the moment it writes. */
interface PageScope {
  companyId: number;
  source: ShopSource;
  currency: string;
  now: string;
}

const variantValues = (scope: PageScope, productId: number, p: ShopProduct) =>
  p.variants.map((v) => ({
    company_id: scope.companyId,
    product_id: productId,
    shop_id: v.shopId,
    sku: v.sku,
    name: v.name,
    options: v.options,
    price: shopAmountToMinor(v.price, scope.currency),
    stock: v.stock,
  }));

/** The shop-owned fields of a product row. */
const shopFields = (p: ShopProduct, hash: string) => ({
  name: p.name,
  description: p.description,
  type: p.type,
  status: p.status,
  // Shown as an image in the web app: a shop's javascript: or data: link is dropped, as a form's is refused.
  image_url: p.imageUrl !== null && isHttpUrl(p.imageUrl) ? p.imageUrl : null,
  shop_hash: hash,
});

/** Upserts a batch of shop products (unique shop ids); returns how many were created, updated and unchanged. */
async function upsertBatch(tx: Db, scope: PageScope, unique: ShopProduct[]) {
  const counts = { created: 0, updated: 0, unchanged: 0 };
  if (unique.length === 0) return counts;
  const existing = await tx
    .select({
      id: products.id,
      shop_id: products.shop_id,
      shop_hash: products.shop_hash,
      status: products.status,
    })
    .from(products)
    .where(
      and(
        eq(products.company_id, scope.companyId),
        eq(products.source, scope.source),
        inArray(
          products.shop_id,
          unique.map((p) => p.shopId),
        ),
      ),
    );
  const byShopId = new Map(existing.map((r) => [r.shop_id, r]));
  const fresh: { product: ShopProduct; hash: string }[] = [];

  for (const product of unique) {
    const hash = shopHash(product, scope.currency);
    const row = byShopId.get(product.shopId);
    if (!row) {
      fresh.push({ product, hash });
    } else if (row.shop_hash === hash && row.status !== 'deleted_in_shop') {
      counts.unchanged += 1;
    } else {
      await updateProduct(tx, scope, row.id, product, hash);
      counts.updated += 1;
    }
  }

  if (fresh.length > 0) {
    const inserted = await tx
      .insert(products)
      .values(
        fresh.map(({ product, hash }) => ({
          company_id: scope.companyId,
          source: scope.source,
          shop_id: product.shopId,
          ...shopFields(product, hash),
        })),
      )
      .returning({ id: products.id, shop_id: products.shop_id });
    const idOf = new Map(inserted.map((r) => [r.shop_id, r.id]));
    const variants = fresh.flatMap(({ product }) => variantValues(scope, idOf.get(product.shopId)!, product));
    if (variants.length > 0) await tx.insert(productVariants).values(variants);
    counts.created = fresh.length;
  }
  return counts;
}

/** Writes the shop's fields of a changed product; a variant is written only when it changed. */
async function updateProduct(tx: Db, scope: PageScope, productId: number, p: ShopProduct, hash: string) {
  await tx
    .update(products)
    .set({ ...shopFields(p, hash), updated_at: scope.now })
    .where(and(eq(products.id, productId), eq(products.company_id, scope.companyId)));
  const variants = variantValues(scope, productId, p);
  if (variants.length > 0) {
    await tx
      .insert(productVariants)
      .values(variants)
      .onConflictDoUpdate({
        target: [productVariants.product_id, productVariants.shop_id],
        set: {
          sku: sql`excluded.sku`,
          name: sql`excluded.name`,
          options: sql`excluded.options`,
          price: sql`excluded.price`,
          // A variant with tracked assets keeps the count of its units in stock (product-tracking/stock.ts).
          stock: sql`CASE WHEN EXISTS (SELECT 1 FROM ${productTracking} WHERE ${productTracking.company_id} = ${productVariants.company_id} AND ${productTracking.variant_id} = ${productVariants.id}) THEN ${productVariants.stock} ELSE excluded.stock END`,
          updated_at: scope.now,
        },
        setWhere: sql`(${productVariants.sku}, ${productVariants.name}, ${productVariants.options}, ${productVariants.price}, ${productVariants.stock})
          is distinct from (excluded.sku, excluded.name, excluded.options, excluded.price, excluded.stock)`,
      });
  }
  // Variants gone from the shop (a variant Rentloop made itself, without a shop id, is kept).
  await tx.delete(productVariants).where(
    and(
      eq(productVariants.company_id, scope.companyId),
      eq(productVariants.product_id, productId),
      isNotNull(productVariants.shop_id),
      notInArray(
        productVariants.shop_id,
        p.variants.map((v) => v.shopId),
      ),
      // A variant with tracked units stays: they keep their variant and history.
      sql`NOT EXISTS (SELECT 1 FROM ${productTracking} WHERE ${productTracking.company_id} = ${scope.companyId} AND ${productTracking.variant_id} = ${productVariants.id})`,
    ),
  );
}

/** Marks the company's products from this shop that the sync did not see as deleted_in_shop. */
async function markRemoved(tx: Db, scope: PageScope, seen: Set<string>): Promise<number> {
  const rows = await tx
    .select({ id: products.id, shop_id: products.shop_id })
    .from(products)
    .where(
      and(
        eq(products.company_id, scope.companyId),
        eq(products.source, scope.source),
        ne(products.status, 'deleted_in_shop'),
      ),
    );
  const gone = rows.filter((r) => r.shop_id !== null && !seen.has(r.shop_id)).map((r) => r.id);
  for (let i = 0; i < gone.length; i += 1000) {
    await tx
      .update(products)
      .set({ status: 'deleted_in_shop', updated_at: scope.now })
      .where(and(eq(products.company_id, scope.companyId), inArray(products.id, gone.slice(i, i + 1000))));
  }
  return gone.length;
}

/**
 * Runs a queued sync to its end: succeeded with its counts, or failed with the reason. `ctx` is in
 * the company of the sync's row and reads outside a transaction (the shop is called meanwhile);
 * every write goes through `transact`. The shop's pages are read first (each page moves the
 * progress, `processed` of `total`); only when the last one has arrived is the catalog written, in
 * one transaction with the result. A failure on any page leaves the catalog exactly as it was.
 */
export async function runProductSync(
  ctx: Ctx,
  transact: Transact,
  syncId: number,
  opts: { log: JobContext['log']; adapterOptions?: ShopAdapterOptions },
): Promise<ProductSync | null> {
  const { companyId } = ctx;
  const ofThisSync = and(eq(productSyncs.id, syncId), eq(productSyncs.company_id, companyId));
  const [sync] = await transact((c) =>
    c.db
      .update(productSyncs)
      .set({ status: 'running', started_at: c.clock.now().toISOString() })
      .where(and(ofThisSync, eq(productSyncs.status, 'queued')))
      .returning(),
  );
  if (!sync) {
    opts.log.info({ syncId }, 'product sync not queued any more; skipped');
    return null;
  }
  try {
    const [company] = await ctx.db
      .select({ currency: companies.currency })
      .from(companies)
      .where(eq(companies.id, companyId));
    const connection = await getShopConnection({ ...ctx, companyId });
    if (!company || !connection) throw new SyncFailure(NO_SHOP_CONNECTED);
    if (connection.shop_system !== sync.shop_system) {
      throw new SyncFailure('The shop connection changed after the sync was started. Start it again.');
    }
    const adapter = createShopAdapter(connection, {
      allowPrivateAddresses: ctx.deps.allowPrivateShopUrls,
      ...opts.adapterOptions,
    });

    // Prices are read as amounts of the company's currency: a shop selling in another one is refused.
    const shopCurrency = (await adapter.currency()).toUpperCase();
    if (shopCurrency !== company.currency)
      throw new SyncFailure(currencyMismatch(shopCurrency, company.currency));

    // Read everything first; only the progress is written meanwhile. A product listed twice (the
    // shop's pages shifted during the read) counts once, as last read.
    const read = new Map<string, ShopProduct>();
    let processed = 0;
    for await (const page of adapter.listProducts()) {
      for (const p of page.products) {
        read.delete(p.shopId);
        read.set(p.shopId, normalize(p));
      }
      processed += page.products.length;
      await transact((c) =>
        c.db.update(productSyncs).set({ processed, total: page.total }).where(ofThisSync),
      );
    }

    const [done] = await transact(async (c) => {
      const scope: PageScope = {
        companyId,
        source: connection.shop_system,
        currency: company.currency,
        now: c.clock.now().toISOString(),
      };
      const counts = { created: 0, updated: 0, unchanged: 0 };
      const all = [...read.values()];
      for (let i = 0; i < all.length; i += APPLY_BATCH) {
        const batch = await upsertBatch(c.db, scope, all.slice(i, i + APPLY_BATCH));
        counts.created += batch.created;
        counts.updated += batch.updated;
        counts.unchanged += batch.unchanged;
      }
      const removed = await markRemoved(c.db, scope, new Set(read.keys()));
      return c.db
        .update(productSyncs)
        .set({
          status: 'succeeded',
          ...counts,
          removed,
          total: sql`coalesce(${productSyncs.total}, ${productSyncs.processed})`,
          finished_at: scope.now,
        })
        .where(ofThisSync)
        .returning();
    });
    return toProductSync(done!);
  } catch (err) {
    const known = err instanceof ShopError || err instanceof SyncFailure;
    if (!known) opts.log.error({ err, syncId }, 'product sync failed');
    const [failed] = await transact((c) =>
      c.db
        .update(productSyncs)
        .set({
          status: 'failed',
          error: known ? err.message : SYNC_UNEXPECTED_FAILURE,
          finished_at: c.clock.now().toISOString(),
        })
        .where(ofThisSync)
        .returning(),
    );
    return failed ? toProductSync(failed) : null;
  }
}

/**
 * The background job of `POST products/sync`. It never retries: a failed sync is started again by
 * the merchant. `requestedBy` is the user who started it (absent in a job queued before it was
 * carried: the job then acts on behalf of nobody).
 */
export const productSyncJob = defineJob({
  name: SYNC_JOB,
  schema: z.object({
    syncId: z.number().int().positive(),
    requestedBy: z.number().int().positive().nullable().optional(),
  }),
  retryLimit: 0,
  async handler({ syncId, requestedBy }, jc) {
    // The company is the sync row's, never the payload's alone: a payload names a sync, not whose it is.
    const [row] = await jc.database.primary
      .select({ company_id: productSyncs.company_id })
      .from(productSyncs)
      .where(eq(productSyncs.id, syncId));
    if (!row) {
      jc.log.info({ syncId }, 'product sync not found; skipped');
      return null;
    }
    const companyId = row.company_id;
    const actor = jobActor(SYNC_JOB, jc.attempt?.jobId ?? `sync-${syncId}`, requestedBy ?? null);
    const result = await runProductSync(
      jobCtx(jc, actor, companyId),
      (write) => inJobTransaction(jc, actor, companyId, write),
      syncId,
      { log: jc.log },
    );
    jc.log.info({ syncId, status: result?.status, error: result?.error }, 'product sync finished');
    const notice = result && productSyncNotification(result);
    if (notice) await notifyCompanyFromJob(jc, actor, companyId, notice);
    return result?.status ?? null;
  },
});

// ---- tax rates ----
