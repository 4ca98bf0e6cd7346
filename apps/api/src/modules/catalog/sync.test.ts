import { randomBytes } from 'node:crypto';
import { productSyncSchema } from '@rentloop/domain/catalog';
import { and, asc, eq, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Ctx, type UserActor, withDb } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import {
  historyLogs,
  productCollectionItems,
  productCollections,
  productSyncs,
  products,
  productVariants,
  taxRules,
  users,
} from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { createSecrets } from '../../integrations/secrets.ts';
import { FakeCatalog } from '../../integrations/shops/testing/catalog.ts';
import { closedPort } from '../../integrations/shops/testing/fake-server.ts';
import {
  type FakeShopify,
  SHOPIFY_TOKEN,
  shopifyProductId,
  shopifyVariantId,
  startFakeShopify,
} from '../../integrations/shops/testing/fake-shopify.ts';
import {
  type FakeWooCommerce,
  startFakeWooCommerce,
  variationId,
  WOO_KEY,
  WOO_SECRET,
} from '../../integrations/shops/testing/fake-woocommerce.ts';
import { WOOCOMMERCE_UNAUTHORIZED } from '../../integrations/shops/woocommerce.ts';
import { createBoss, registerQueues, startWorkers } from '../../jobs/queue.ts';
import { testCtx } from '../../testing/ctx.ts';
import { createTestDatabase } from '../../testing/database.ts';
import { createCompany } from '../../testing/harness.ts';
import { saveShopSettings } from '../settings/shop.ts';
import {
  currencyMismatch,
  latestProductSync,
  NO_SHOP_CONNECTED,
  productSyncJob,
  runProductSync,
  SHOPIFY_NO_TAX_RATES,
  SYNC_ALREADY_RUNNING,
  startProductSync,
} from './sync.ts';
import { importTaxRates } from './tax-import.ts';
import type { Transact } from './transact.ts';

const WOO_COUNT = 300;
const SHOPIFY_COUNT = 260;
const secrets = createSecrets(randomBytes(32));
const quietLog = { info: () => {}, error: () => {} };

let database: Database;
let drop: () => Promise<void>;
let boss: PgBoss;
let woo: FakeWooCommerce;
let shopify: FakeShopify;
let wooCompany: number;
let shopifyCompany: number;
/** The user who starts the syncs: the job acts, and its writes are audited, on their behalf. */
let starter: UserActor;

const db = () => database.primary;

const connectWoo = (companyId: number, overrides: { url?: string; consumer_secret?: string } = {}) =>
  saveShopSettings(
    db(),
    secrets,
    companyId,
    {
      shop_system: 'woocommerce',
      url: overrides.url ?? woo.url,
      credentials: { consumer_key: WOO_KEY, consumer_secret: overrides.consumer_secret ?? WOO_SECRET },
    },
    LOCAL_SHOPS,
  );

// The fake shops listen on 127.0.0.1, a private address the settings refuse by default.
const LOCAL_SHOPS = { allowPrivateUrls: true };

beforeAll(async () => {
  const t = await createTestDatabase();
  database = t.database;
  drop = t.drop;
  boss = createBoss(database);
  await boss.start();
  await registerQueues(boss, [productSyncJob]);
  await startWorkers(boss, [productSyncJob], {
    database,
    secrets,
    allowPrivateShopUrls: LOCAL_SHOPS.allowPrivateUrls,
    log: quietLog,
  });
  woo = await startFakeWooCommerce(new FakeCatalog(WOO_COUNT, { currency: 'CAD' }));
  shopify = await startFakeShopify(new FakeCatalog(SHOPIFY_COUNT, { currency: 'EUR' }));
  wooCompany = (await createCompany(database, { name: 'Maple Rentals', currency: 'CAD' })).id;
  shopifyCompany = (await createCompany(database, { name: 'Berlin Rentals', currency: 'EUR' })).id;
  await connectWoo(wooCompany);
  const [user] = await db()
    .insert(users)
    .values({ name: 'Sync Starter', email: 'sync-starter@example.test' })
    .returning({ id: users.id });
  starter = {
    kind: 'user',
    userId: user!.id,
    sessionId: 0,
    globalRole: null,
    companyId: null,
    companyRole: 'admin',
    emailVerified: true,
  };
  await saveShopSettings(
    db(),
    secrets,
    shopifyCompany,
    {
      shop_system: 'shopify',
      url: shopify.url,
      credentials: { access_token: SHOPIFY_TOKEN },
    },
    LOCAL_SHOPS,
  );
});

afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true });
  await woo?.close();
  await shopify?.close();
  await drop?.();
});

/** A company's context on the primary, as the starting user, with this file's queue and key. */
const ctxOf = (companyId: number): Ctx =>
  testCtx(db(), companyId, { actor: { ...starter, companyId }, deps: { boss, secrets } });
/** Writes in a plain transaction of the test database (no audit context). */
const transactOf =
  (ctx: Ctx): Transact =>
  (write) =>
    db().transaction((tx) => write(withDb(ctx, tx)));

const start = (companyId: number, system: string | null) =>
  db().transaction((tx) => startProductSync(withDb(ctxOf(companyId), tx), system));

/** Starts a sync and waits (polling its row) until it has finished. */
async function sync(companyId: number, system = companyId === shopifyCompany ? 'shopify' : 'woocommerce') {
  const started = await start(companyId, system);
  expect(started).toMatchObject({ status: 'queued', processed: 0, error: null, started_at: null });
  return finished(companyId, started.id);
}

async function finished(companyId: number, syncId: number) {
  await expect
    .poll(async () => (await latestProductSync(ctxOf(companyId)))?.status, { timeout: 30_000, interval: 100 })
    .toMatch(/^(succeeded|failed)$/);
  const result = await latestProductSync(ctxOf(companyId));
  expect(result!.id).toBe(syncId);
  return productSyncSchema.parse(result);
}

/** Everything a sync may write for a company, to compare before and after. */
async function catalogState(companyId: number) {
  return {
    products: await db()
      .select()
      .from(products)
      .where(eq(products.company_id, companyId))
      .orderBy(asc(products.id)),
    variants: await db()
      .select()
      .from(productVariants)
      .where(eq(productVariants.company_id, companyId))
      .orderBy(asc(productVariants.id)),
  };
}

const productByShopId = async (companyId: number, shopId: string) => {
  const [row] = await db()
    .select()
    .from(products)
    .where(and(eq(products.company_id, companyId), eq(products.shop_id, shopId)));
  return row!;
};

const variantsOf = (productId: number) =>
  db()
    .select()
    .from(productVariants)
    .where(eq(productVariants.product_id, productId))
    .orderBy(asc(productVariants.shop_id));

/**
 * The audit entries a sync's job wrote, as "table action" -> count: under the job's name and id, on
 * behalf of the user who started the sync.
 */
async function historyOf(syncId: number) {
  const jobs = (await db().execute(
    sql`select id from pgboss.job where name = ${productSyncJob.name} and data->>'syncId' = ${String(syncId)}`,
  )) as unknown as { rows: { id: string }[] };
  expect(jobs.rows).toHaveLength(1);
  const rows = await db()
    .select({ entity: historyLogs.entity_type, action: historyLogs.action, user: historyLogs.user_id })
    .from(historyLogs)
    .where(eq(historyLogs.request_id, `job:${productSyncJob.name}:${jobs.rows[0]!.id}`));
  const out: Record<string, number> = {};
  for (const r of rows) {
    expect(r.user).toBe(starter.userId);
    out[`${r.entity} ${r.action}`] = (out[`${r.entity} ${r.action}`] ?? 0) + 1;
  }
  return out;
}

const conflict = async (promise: Promise<unknown>, message: string) => {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect(err).toMatchObject({ code: 'conflict', status: 409, message });
};

describe('product sync from WooCommerce', () => {
  it('creates every product and variant, with prices in the company currency', async () => {
    const result = await sync(wooCompany);
    expect(result).toMatchObject({
      shop_system: 'woocommerce',
      status: 'succeeded',
      processed: WOO_COUNT,
      total: WOO_COUNT,
      created: WOO_COUNT,
      updated: 0,
      unchanged: 0,
      removed: 0,
      error: null,
    });
    expect(result.started_at).not.toBeNull();
    expect(result.finished_at! >= result.started_at!).toBe(true);

    const state = await catalogState(wooCompany);
    expect(state.products).toHaveLength(WOO_COUNT);
    expect(state.variants).toHaveLength(woo.catalog.variantCount);
    expect(state.products.every((p) => p.source === 'woocommerce' && p.shop_hash?.length === 64)).toBe(true);

    const tent = await productByShopId(wooCompany, '8'); // variable, Color x Size
    expect(tent).toMatchObject({
      name: woo.catalog.get(8).name,
      type: 'normal',
      status: 'active',
      product_class: 'standard',
      image_url: 'https://cdn.example.test/products/8.jpg',
      buyout_price: null,
    });
    const catalogVariants = woo.catalog.get(8).variants;
    expect(await variantsOf(tent.id)).toMatchObject(
      catalogVariants.map((v) => ({
        shop_id: String(variationId(8, v.index)),
        sku: v.sku,
        options: Object.fromEntries(v.options),
        price: BigInt(v.price.replace('.', '')),
        stock: v.stock,
      })),
    );
    // "19.995" rounds half-up to 20.00 CAD; no price stays null; untracked stock is null.
    expect((await variantsOf((await productByShopId(wooCompany, '7')).id))[0]!.price).toBe(2000n);
    expect((await variantsOf((await productByShopId(wooCompany, '11')).id))[0]!.price).toBeNull();
    expect((await variantsOf((await productByShopId(wooCompany, '10')).id))[0]!.stock).toBeNull();
    expect(await productByShopId(wooCompany, '45')).toMatchObject({ type: 'consumable' });
    expect(await productByShopId(wooCompany, '18')).toMatchObject({ type: 'digital' });
    expect(await productByShopId(wooCompany, '17')).toMatchObject({ status: 'draft' });

    // The audit trail shows the sync's job created them, for the user who started it.
    expect(await historyOf(result.id)).toEqual({
      'products created': WOO_COUNT,
      'product_variants created': woo.catalog.variantCount,
    });
  });

  it('changes nothing when run again on an unchanged shop', async () => {
    const before = await catalogState(wooCompany);
    const result = await sync(wooCompany);
    expect(result).toMatchObject({
      status: 'succeeded',
      processed: WOO_COUNT,
      created: 0,
      updated: 0,
      unchanged: WOO_COUNT,
      removed: 0,
    });
    expect(await catalogState(wooCompany)).toEqual(before);
    expect(await historyOf(result.id)).toEqual({});
  });

  it('updates a changed price and a removed variant only, keeps Rentloop’s fields, marks a deleted product', async () => {
    const tent = await productByShopId(wooCompany, '8');
    const gone = await productByShopId(wooCompany, '20');
    const rentloopFields = {
      rental_price_monthly: 2500n,
      rental_price_quarterly: 7000n,
      rental_price_annually: 25000n,
      minimum_term_months: 6,
      buyout_price: 50000n,
      deposit: 10000n,
      purchase_price: 30000n,
      product_class: 'reduced' as const,
    };
    await db().update(products).set(rentloopFields).where(eq(products.id, tent.id));
    await db().update(products).set({ buyout_price: 1234n }).where(eq(products.id, gone.id));
    const [collection] = await db()
      .insert(productCollections)
      .values({ company_id: wooCompany, name: 'Summer' })
      .returning();
    await db()
      .insert(productCollectionItems)
      .values({ company_id: wooCompany, collection_id: collection!.id, product_id: tent.id });

    woo.catalog.setPrice(8, 1, '99.50');
    woo.catalog.removeVariant(16, 2);
    woo.catalog.deleteProduct(20);
    const before = await catalogState(wooCompany);

    const result = await sync(wooCompany);
    expect(result).toMatchObject({
      status: 'succeeded',
      processed: WOO_COUNT - 1,
      total: WOO_COUNT - 1,
      created: 0,
      updated: 2,
      unchanged: WOO_COUNT - 3,
      removed: 1,
    });

    const after = await catalogState(wooCompany);
    const tentAfter = after.products.find((p) => p.id === tent.id)!;
    expect(tentAfter).toMatchObject({ ...rentloopFields, status: 'active', name: tent.name });
    expect(
      await db().select().from(productCollectionItems).where(eq(productCollectionItems.product_id, tent.id)),
    ).toHaveLength(1);
    const goneAfter = after.products.find((p) => p.id === gone.id)!;
    expect(goneAfter).toMatchObject({ status: 'deleted_in_shop', buyout_price: 1234n });
    // Its variants stay: orders and subscriptions refer to them.
    expect(after.variants.filter((v) => v.product_id === gone.id)).toHaveLength(
      before.variants.filter((v) => v.product_id === gone.id).length,
    );

    const changedVariant = String(variationId(8, 1));
    const removedVariant = String(variationId(16, 2));
    const product16 = (await productByShopId(wooCompany, '16')).id;
    expect(after.variants.find((v) => v.shop_id === changedVariant)!.price).toBe(9950n);
    expect(after.variants.some((v) => v.shop_id === removedVariant)).toBe(false);

    // Every other row is exactly as it was, updated_at included.
    const changedProducts = new Set([tent.id, gone.id, product16]);
    expect(after.products.filter((p) => !changedProducts.has(p.id))).toEqual(
      before.products.filter((p) => !changedProducts.has(p.id)),
    );
    expect(after.variants.filter((v) => v.shop_id !== changedVariant)).toEqual(
      before.variants.filter((v) => v.shop_id !== changedVariant && v.shop_id !== removedVariant),
    );
    expect(await historyOf(result.id)).toEqual({
      'products updated': 3,
      'product_variants updated': 1,
      'product_variants deleted': 1,
    });
  });

  it('brings a product back when it reappears in the shop', async () => {
    woo.catalog.restoreProduct(20);
    const result = await sync(wooCompany);
    expect(result).toMatchObject({
      processed: WOO_COUNT,
      created: 0,
      updated: 1,
      unchanged: WOO_COUNT - 1,
      removed: 0,
    });
    expect(await productByShopId(wooCompany, '20')).toMatchObject({ status: 'active', buyout_price: 1234n });
  });

  it('fails with a clear message and changes nothing when the shop refuses the credentials', async () => {
    await connectWoo(wooCompany, { consumer_secret: 'cs_revoked' });
    woo.catalog.setPrice(1, 0, '1.00');
    const before = await catalogState(wooCompany);
    try {
      const result = await sync(wooCompany);
      expect(result).toMatchObject({
        status: 'failed',
        error: WOOCOMMERCE_UNAUTHORIZED,
        processed: 0,
        created: 0,
      });
      expect(result.finished_at).not.toBeNull();
      expect(await catalogState(wooCompany)).toEqual(before);
    } finally {
      await connectWoo(wooCompany);
    }
  });

  it('fails with a clear message and changes nothing when the shop cannot be reached', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    await connectWoo(wooCompany, { url });
    const before = await catalogState(wooCompany);
    try {
      const result = await sync(wooCompany);
      expect(result).toMatchObject({
        status: 'failed',
        error: `Could not reach the shop at ${url}.`,
        processed: 0,
      });
      expect(await catalogState(wooCompany)).toEqual(before);
    } finally {
      await connectWoo(wooCompany);
    }
  });

  it('changes nothing when a later page fails: earlier pages are not applied either', async () => {
    // Product 1's price changed in the previous test (page 1); change one on page 2 too. Page 3 fails.
    woo.catalog.setPrice(150, 0, '5.00');
    woo.inject({
      status: 200,
      body: [{ id: 'not-a-number' }],
      when: (r) => r.path === '/wp-json/wc/v3/products' && r.query.get('page') === '3',
    });
    const before = await catalogState(wooCompany);
    const failed = await sync(wooCompany);
    // Two pages were read (the progress shows it), nothing was written.
    expect(failed).toMatchObject({
      status: 'failed',
      processed: 200,
      total: WOO_COUNT,
      created: 0,
      updated: 0,
      unchanged: 0,
      removed: 0,
    });
    expect(failed.error).toMatch(/^The shop at http:\/\/127\.0\.0\.1:\d+ sent an unexpected response/);
    expect(await catalogState(wooCompany)).toEqual(before);
    expect(await historyOf(failed.id)).toEqual({});

    const next = await sync(wooCompany);
    expect(next).toMatchObject({ status: 'succeeded', updated: 2, unchanged: WOO_COUNT - 2, removed: 0 });
    expect((await variantsOf((await productByShopId(wooCompany, '1')).id))[0]!.price).toBe(100n);
    expect((await variantsOf((await productByShopId(wooCompany, '150')).id))[0]!.price).toBe(500n);
  });

  it('moves the progress while it reads the pages, and writes the catalog only after the last one', async () => {
    woo.catalog.setPrice(2, 0, '7.00');
    const before = await catalogState(wooCompany);
    // The shop answers pages 1 and 2, then waits before page 3 until the test lets it go on.
    let letPage3Go = () => {};
    const page3 = new Promise<void>((resolve) => {
      letPage3Go = resolve;
    });
    const gated: typeof fetch = async (input, init) => {
      if (String(input).includes('/wp-json/wc/v3/products?') && String(input).includes('page=3')) await page3;
      return fetch(input, init);
    };
    // A queued sync run here (not by the worker), with the gated fetch.
    const [row] = await db()
      .insert(productSyncs)
      .values({ company_id: wooCompany, shop_system: 'woocommerce', status: 'queued' })
      .returning();
    const ctx = ctxOf(wooCompany);
    const run = runProductSync(ctx, transactOf(ctx), row!.id, {
      log: quietLog,
      adapterOptions: { fetch: gated },
    });
    try {
      await expect
        .poll(async () => (await latestProductSync(ctxOf(wooCompany)))?.processed, {
          timeout: 30_000,
          interval: 50,
        })
        .toBe(200);
      expect(await latestProductSync(ctxOf(wooCompany))).toMatchObject({
        status: 'running',
        processed: 200,
        total: WOO_COUNT,
        created: 0,
        updated: 0,
      });
      expect(await catalogState(wooCompany)).toEqual(before);
    } finally {
      letPage3Go();
    }
    expect(await run).toMatchObject({ status: 'succeeded', processed: WOO_COUNT, updated: 1 });
    expect((await variantsOf((await productByShopId(wooCompany, '2')).id))[0]!.price).toBe(700n);
  });

  it('refuses a shop that sells in another currency than the company, changing nothing', async () => {
    woo.catalog.currency = 'USD';
    woo.catalog.setPrice(3, 0, '8.00');
    const before = await catalogState(wooCompany);
    const listed = woo.productListRequests().length;
    try {
      const result = await sync(wooCompany);
      expect(result).toMatchObject({
        status: 'failed',
        error: currencyMismatch('USD', 'CAD'),
        processed: 0,
      });
      expect(result.error).toBe(
        "The shop's currency is USD, but the company's currency is CAD. Nothing was synced: its prices would be read in the wrong currency. Make both the same, then start the sync again.",
      );
      expect(await catalogState(wooCompany)).toEqual(before);
      // Refused before a single product was read.
      expect(woo.productListRequests().length).toBe(listed);
    } finally {
      woo.catalog.currency = 'CAD';
    }
    expect(await sync(wooCompany)).toMatchObject({ status: 'succeeded', updated: 1 });
  });

  it('refuses a second sync while one is queued or running', async () => {
    const syncsOf = async () =>
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(productSyncs)
          .where(eq(productSyncs.company_id, wooCompany))
      )[0]!.n;
    const before = await syncsOf();
    const release = woo.hold();
    let syncId: number;
    try {
      syncId = (await start(wooCompany, 'woocommerce')).id;
      await conflict(start(wooCompany, 'woocommerce'), SYNC_ALREADY_RUNNING);
      await expect
        .poll(async () => (await latestProductSync(ctxOf(wooCompany)))?.status, {
          timeout: 30_000,
          interval: 100,
        })
        .toBe('running');
      await conflict(start(wooCompany, 'woocommerce'), SYNC_ALREADY_RUNNING);
    } finally {
      release();
    }
    expect(await finished(wooCompany, syncId)).toMatchObject({ status: 'succeeded', unchanged: WOO_COUNT });
    expect(await syncsOf()).toBe(before + 1);
  });

  it('refuses without a connected shop, and for a platform without an adapter', async () => {
    const bare = (await createCompany(database)).id;
    await conflict(start(bare, null), NO_SHOP_CONNECTED);
    await conflict(start(bare, 'woocommerce'), NO_SHOP_CONNECTED);
    await conflict(start(bare, 'shopware6'), 'Product sync for shopware6 is not available yet.');
    expect(await latestProductSync(ctxOf(bare))).toBeNull();
  });
});

describe('product sync from Shopify', () => {
  it('creates every product with prices rounded to the company currency, and changes nothing the second time', async () => {
    const result = await sync(shopifyCompany);
    expect(result).toMatchObject({
      shop_system: 'shopify',
      status: 'succeeded',
      processed: SHOPIFY_COUNT,
      total: SHOPIFY_COUNT,
      created: SHOPIFY_COUNT,
      removed: 0,
    });
    const state = await catalogState(shopifyCompany);
    expect(state.products).toHaveLength(SHOPIFY_COUNT);
    expect(state.variants).toHaveLength(shopify.catalog.variantCount);
    expect(state.products.every((p) => p.source === 'shopify')).toBe(true);
    // In euro cents: "47.13" -> 4713, "19.995" -> 2000 (half-up), Shopify's "0.00" for no price -> 0.
    const price = async (key: number) =>
      (await variantsOf((await productByShopId(shopifyCompany, String(8_000_000_000 + key))).id))[0]!.price;
    expect(await price(1)).toBe(4713n);
    expect(await price(7)).toBe(2000n);
    expect(await price(11)).toBe(0n);
    expect(await productByShopId(shopifyCompany, String(8_000_000_029))).toMatchObject({
      status: 'archived',
    });

    const again = await sync(shopifyCompany);
    expect(again).toMatchObject({ status: 'succeeded', created: 0, updated: 0, unchanged: SHOPIFY_COUNT });
    expect(await catalogState(shopifyCompany)).toEqual(state);
  });

  it('updates a changed price and a removed variant, marks a product deleted in the shop, and brings it back', async () => {
    const tent = await productByShopId(shopifyCompany, String(shopifyProductId(8)));
    const gone = await productByShopId(shopifyCompany, String(shopifyProductId(20)));
    const product16 = await productByShopId(shopifyCompany, String(shopifyProductId(16)));
    await db().update(products).set({ buyout_price: 4321n, deposit: 500n }).where(eq(products.id, tent.id));
    const goneVariants = await variantsOf(gone.id);
    expect(goneVariants.length).toBeGreaterThan(0);

    shopify.catalog.setPrice(8, 1, '99.50');
    shopify.catalog.removeVariant(16, 2);
    shopify.catalog.deleteProduct(20);
    const before = await catalogState(shopifyCompany);

    const result = await sync(shopifyCompany);
    expect(result).toMatchObject({
      shop_system: 'shopify',
      status: 'succeeded',
      processed: SHOPIFY_COUNT - 1,
      total: SHOPIFY_COUNT - 1,
      created: 0,
      updated: 2,
      unchanged: SHOPIFY_COUNT - 3,
      removed: 1,
    });

    const after = await catalogState(shopifyCompany);
    const changedVariant = String(shopifyVariantId(8, 1));
    const removedVariant = String(shopifyVariantId(16, 2));
    expect(after.variants.find((v) => v.shop_id === changedVariant)!.price).toBe(9950n);
    expect(after.variants.some((v) => v.shop_id === removedVariant)).toBe(false);
    // Rentloop's fields of the changed product stay; the deleted one is marked, never deleted.
    expect(after.products.find((p) => p.id === tent.id)).toMatchObject({
      buyout_price: 4321n,
      deposit: 500n,
      status: 'active',
    });
    expect(after.products.find((p) => p.id === gone.id)).toMatchObject({ status: 'deleted_in_shop' });
    expect(after.variants.filter((v) => v.product_id === gone.id)).toEqual(goneVariants);

    // Every other row is exactly as it was, updated_at included.
    const changedProducts = new Set([tent.id, gone.id, product16.id]);
    expect(after.products.filter((p) => !changedProducts.has(p.id))).toEqual(
      before.products.filter((p) => !changedProducts.has(p.id)),
    );
    expect(after.variants.filter((v) => v.shop_id !== changedVariant)).toEqual(
      before.variants.filter((v) => v.shop_id !== changedVariant && v.shop_id !== removedVariant),
    );
    expect(await historyOf(result.id)).toEqual({
      'products updated': 3,
      'product_variants updated': 1,
      'product_variants deleted': 1,
    });

    shopify.catalog.restoreProduct(20);
    const back = await sync(shopifyCompany);
    expect(back).toMatchObject({ updated: 1, unchanged: SHOPIFY_COUNT - 1, removed: 0 });
    expect(await productByShopId(shopifyCompany, String(shopifyProductId(20)))).toMatchObject({
      status: 'active',
    });
  });

  it('refuses a shop whose shop.json currency is not the company’s', async () => {
    shopify.catalog.currency = 'GBP';
    const before = await catalogState(shopifyCompany);
    try {
      const result = await sync(shopifyCompany);
      expect(result).toMatchObject({ status: 'failed', error: currencyMismatch('GBP', 'EUR'), processed: 0 });
      expect(await catalogState(shopifyCompany)).toEqual(before);
    } finally {
      shopify.catalog.currency = 'EUR';
    }
  });

  it('leaves the other company’s catalog alone', async () => {
    const [n] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(and(eq(products.company_id, wooCompany), eq(products.source, 'shopify')));
    expect(n!.n).toBe(0);
  });
});

describe('tax rate import', () => {
  const rules = (companyId: number) =>
    db()
      .select()
      .from(taxRules)
      .where(eq(taxRules.company_id, companyId))
      .orderBy(asc(taxRules.country), asc(taxRules.region), asc(taxRules.product_class));
  const refresh = (companyId: number) =>
    importTaxRates(ctxOf(companyId), transactOf(ctxOf(companyId)), {
      adapterOptions: { allowPrivateAddresses: true },
    });

  it('replaces the rules imported from WooCommerce with the shop’s rates', async () => {
    await db()
      .insert(taxRules)
      .values([
        { company_id: wooCompany, country: 'fr', product_class: 'zero', percentage: '0', name: 'Mine' },
        { company_id: wooCompany, country: 'de', product_class: 'standard', percentage: '16', name: 'Old' },
        { company_id: wooCompany, country: 'jp', percentage: '10', source: 'woocommerce', name: 'Gone' },
      ]);

    // 124 usable rates; Quebec's QST shares its key with the GST (priority 1 wins).
    expect(await refresh(wooCompany)).toEqual({
      created: 122,
      updated: 1,
      unchanged: 0,
      removed: 1,
      skipped: 1,
    });
    const all = await rules(wooCompany);
    expect(all).toHaveLength(124);
    expect(all.filter((r) => r.source === 'woocommerce')).toHaveLength(123);
    expect(all.find((r) => r.country === 'fr' && r.product_class === 'zero')).toMatchObject({
      source: 'manual',
      name: 'Mine',
    });
    expect(all.find((r) => r.country === 'de' && r.product_class === 'standard')).toMatchObject({
      source: 'woocommerce',
      percentage: '19.0000',
      name: 'VAT',
      region: null,
    });
    expect(all.find((r) => r.country === 'ca' && r.region === 'QC')).toMatchObject({ percentage: '5.0000' });
    expect(all.find((r) => r.country === 'fr' && r.product_class === 'reduced')).toMatchObject({
      percentage: '5.5000',
    });
    expect(all.some((r) => r.country === 'jp')).toBe(false);

    expect(await refresh(wooCompany)).toEqual({
      created: 0,
      updated: 0,
      unchanged: 123,
      removed: 0,
      skipped: 1,
    });
    expect(await rules(wooCompany)).toEqual(all);
  });

  it('answers Shopify, a missing connection and refused credentials with a clear message', async () => {
    await conflict(refresh(shopifyCompany), SHOPIFY_NO_TAX_RATES);
    await conflict(refresh((await createCompany(database)).id), NO_SHOP_CONNECTED);
    const before = await rules(wooCompany);
    await connectWoo(wooCompany, { consumer_secret: 'cs_revoked' });
    try {
      await conflict(refresh(wooCompany), WOOCOMMERCE_UNAUTHORIZED);
    } finally {
      await connectWoo(wooCompany);
    }
    expect(await rules(wooCompany)).toEqual(before);
  });
});
