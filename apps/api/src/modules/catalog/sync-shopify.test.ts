/** Product sync from Shopify (sync.ts), against the fake shop, through the real queue and worker. */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../../db/schema/index.ts';
import { shopifyProductId, shopifyVariantId } from '../../integrations/shops/testing/fake-shopify.ts';
import { currencyMismatch } from './sync.ts';
import {
  catalogState,
  db,
  historyOf,
  productByShopId,
  SHOPIFY_COUNT,
  shopify,
  shopifyCompany,
  sync,
  useSyncFixture,
  variantsOf,
  wooCompany,
} from './sync-fixture.ts';

useSyncFixture();

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
