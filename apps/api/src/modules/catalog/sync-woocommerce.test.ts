/** Product sync from WooCommerce (sync.ts), against the fake shop, through the real queue and worker. */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../context.ts';
import { productCollectionItems, productCollections, productSyncs, products } from '../../db/schema/index.ts';
import { closedPort } from '../../integrations/shops/testing/fake-server.ts';
import { variationId } from '../../integrations/shops/testing/fake-woocommerce.ts';
import { WOOCOMMERCE_UNAUTHORIZED } from '../../integrations/shops/woocommerce.ts';
import { createCompany } from '../../testing/harness.ts';
import {
  ABANDONED,
  currencyMismatch,
  latestProductSync,
  NO_SHOP_CONNECTED,
  runProductSync,
  SYNC_ALREADY_RUNNING,
} from './sync.ts';
import {
  catalogState,
  conflict,
  connectWoo,
  ctxOf,
  database,
  db,
  finished,
  historyOf,
  productByShopId,
  quietLog,
  start,
  sync,
  transactOf,
  useSyncFixture,
  variantsOf,
  WOO_COUNT,
  woo,
  wooCompany,
} from './sync-fixture.ts';

useSyncFixture();

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

  it('fails a sync abandoned longer ago than the limit, by the clock, and starts a new one', async () => {
    const hour = 3_600_000;
    // The clock runs two hours ahead of the database: a sync that started five hours ago by the
    // database's time is seven hours old by the clock, past the six-hour limit.
    const clock = fixedClock(new Date(Date.now() + 2 * hour));
    const [stale] = await db()
      .insert(productSyncs)
      .values({
        company_id: wooCompany,
        shop_system: 'woocommerce',
        status: 'running',
        started_at: new Date(Date.now() - 5 * hour).toISOString(),
      })
      .returning({ id: productSyncs.id });
    const started = await start(wooCompany, 'woocommerce', clock);
    expect(started.id).toBeGreaterThan(stale!.id);
    const [failed] = await db().select().from(productSyncs).where(eq(productSyncs.id, stale!.id));
    expect(failed).toMatchObject({
      status: 'failed',
      error: ABANDONED,
      finished_at: clock.now().toISOString(),
    });
    expect(await finished(wooCompany, started.id)).toMatchObject({ status: 'succeeded' });

    // Five hours by the clock is not abandoned: the running sync still refuses a second one.
    const [recent] = await db()
      .insert(productSyncs)
      .values({
        company_id: wooCompany,
        shop_system: 'woocommerce',
        status: 'running',
        started_at: new Date(Date.now() - 3 * hour).toISOString(),
      })
      .returning({ id: productSyncs.id });
    await conflict(start(wooCompany, 'woocommerce', clock), SYNC_ALREADY_RUNNING);
    await db().update(productSyncs).set({ status: 'failed' }).where(eq(productSyncs.id, recent!.id));
  });
});
