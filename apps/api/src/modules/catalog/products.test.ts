/**
 * The catalog's products over HTTP: made by hand, synced from a shop (its fields stay the shop's),
 * collections, another company's products, the audit trail.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products, productVariants } from '../../db/schema/index.ts';
import {
  admin,
  api,
  cid,
  drill,
  h,
  otherCid,
  req,
  staff,
  stranger,
  useCatalogFixture,
} from './test-fixture.ts';

useCatalogFixture();

describe('products made by hand', () => {
  it('creates a product with variants and rental terms; amounts come back in the company currency', async () => {
    const res = await req(admin, 'POST', api('products'), drill());
    expect(res.statusCode).toBe(201);
    const p = res.json().data;
    expect(p).toMatchObject({
      name: 'Cordless Drill',
      source: 'manual',
      currency: 'CAD',
      rental_prices: { monthly: '19.90', quarterly: '54.00', annually: null },
      buyout_price: '149.00',
      deposit: '50.00',
      purchase_price: '99.95',
      minimum_term_months: 3,
      variants_count: 2,
      stock_total: 4,
    });
    expect(p.variants.map((v: { sku: string; price: string }) => [v.sku, v.price])).toEqual([
      ['DRL-18V', '129.00'],
      ['DRL-12V', '99.00'],
    ]);
  });

  it('refuses more decimals than the currency has, naming the field, and creates nothing', async () => {
    const before = (await req(staff, 'GET', `/read-replica/${cid}/rentloopdb/products`)).json().meta.total;
    const res = await req(admin, 'POST', api('products'), drill({ buyout_price: '149.005' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      buyout_price: ['Must be an amount in CAD (at most its number of decimals).'],
    });
    for (const [payload, field] of [
      [{ rental_prices: { monthly: '19.905' } }, 'rental_prices.monthly'],
      [{ variants: [{ name: 'Drill', price: 12.999 }] }, 'variants.0.price'],
    ] as const) {
      const nested = await req(admin, 'POST', api('products'), drill(payload));
      expect(nested.statusCode).toBe(422);
      expect(nested.json().errors).toEqual({
        [field]: ['Must be an amount in CAD (at most its number of decimals).'],
      });
    }
    const nul = await req(admin, 'POST', api('products'), drill({ name: 'Drill\u0000' }));
    expect(nul.statusCode).toBe(422);
    expect(nul.json().errors).toHaveProperty('name');
    const noVariants = await req(admin, 'POST', api('products'), drill({ variants: [] }));
    expect(noVariants.json().errors.variants).toEqual(['A product needs at least one variant.']);
    expect((await req(staff, 'GET', `/read-replica/${cid}/rentloopdb/products`)).json().meta.total).toBe(
      before,
    );
  });

  it('is for admins: a staff user may read but not create (403)', async () => {
    expect((await req(staff, 'POST', api('products'), drill())).statusCode).toBe(403);
    expect((await req(staff, 'GET', `/read-replica/${cid}/rentloopdb/products`)).statusCode).toBe(200);
  });

  it('lists with search, type filter and exact totals', async () => {
    await req(
      admin,
      'POST',
      api('products'),
      drill({ name: 'E-Book Reader', type: 'digital', variants: [{ name: 'Reader', sku: 'EBR-1' }] }),
    );
    const all = (await req(staff, 'GET', `/read-replica/${cid}/rentloopdb/products?per_page=1`)).json();
    expect(all.meta.total).toBe(2);
    const digital = (
      await req(
        staff,
        'GET',
        `/read-replica/${cid}/rentloopdb/products?filters=${encodeURIComponent('{"type":"digital"}')}`,
      )
    ).json();
    expect(digital.data.map((p: { name: string }) => p.name)).toEqual(['E-Book Reader']);
    const found = (
      await req(staff, 'GET', `/read-replica/${cid}/rentloopdb/products?search=cordless`)
    ).json();
    expect(found.meta.total).toBe(1);
    const variants = (
      await req(staff, 'GET', `/read-replica/${cid}/rentloopdb/variants?search=drl-12`)
    ).json();
    expect(variants.data.map((v: { sku: string; product_name: string }) => [v.sku, v.product_name])).toEqual([
      ['DRL-12V', 'Cordless Drill'],
    ]);
  });

  it('updates rental fields and sets buyout prices in bulk', async () => {
    const [p] = (await req(staff, 'GET', `/read-replica/${cid}/rentloopdb/products?search=cordless`)).json()
      .data;
    const upd = await req(admin, 'PUT', api(`products/${p.id}`), {
      rental_prices: { annually: '199.99' },
      name: 'Cordless Drill Pro',
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data).toMatchObject({
      name: 'Cordless Drill Pro',
      rental_prices: { monthly: '19.90', annually: '199.99' },
    });
    const bulk = await req(admin, 'PUT', api('products'), {
      products: [{ id: p.id, buyout_price: '120.50' }],
    });
    expect(bulk.json()).toMatchObject({ message: 'Buyout prices updated.', data: { updated: 1 } });
    expect((await req(staff, 'GET', api(`products/${p.id}`))).json().data.buyout_price).toBe('120.50');
    const unknown = await req(admin, 'PUT', api('products'), {
      products: [
        { id: p.id, buyout_price: '1' },
        { id: 99999999, buyout_price: '2' },
      ],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toHaveProperty(['products.1.id']);
    // The whole bulk change rolled back: the first product kept its price.
    expect((await req(staff, 'GET', api(`products/${p.id}`))).json().data.buyout_price).toBe('120.50');
  });

  it('updates variant prices and stock in bulk', async () => {
    const [p] = (await req(staff, 'GET', `/read-replica/${cid}/rentloopdb/products?search=cordless`)).json()
      .data;
    const variants = (await req(staff, 'GET', api(`products/${p.id}/variants`))).json().data;
    const res = await req(admin, 'PUT', api('products/variants'), {
      variants: [{ id: variants[1].id, price: '89.00', stock: 7 }],
    });
    expect(res.statusCode).toBe(200);
    const after = (await req(staff, 'GET', api(`products/${p.id}/variants`))).json().data;
    expect(after[1]).toMatchObject({ price: '89.00', stock: 7 });
    const bad = await req(admin, 'PUT', api('products/variants'), {
      variants: [{ id: variants[0].id, stock: -1 }],
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe('products synced from a shop', () => {
  it('keeps the shop’s fields for the shop, and Rentloop’s rental fields editable', async () => {
    const [row] = await h.database.primary
      .insert(products)
      .values({ company_id: cid, source: 'woocommerce', shop_id: '991', name: 'Synced Ladder' })
      .returning({ id: products.id });
    await h.database.primary
      .insert(productVariants)
      .values({ company_id: cid, product_id: row!.id, shop_id: '991', name: 'Ladder', price: 5000n });
    const refused = await req(admin, 'PUT', api(`products/${row!.id}`), {
      name: 'Renamed',
      status: 'archived',
      buyout_price: '10',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toHaveProperty('status');
    expect(refused.json().errors.name[0]).toMatch(/Comes from the shop \(woocommerce\)/);
    const allowed = await req(admin, 'PUT', api(`products/${row!.id}`), {
      buyout_price: '10',
      rental_prices: { monthly: '4.50' },
    });
    expect(allowed.json().data).toMatchObject({
      name: 'Synced Ladder',
      buyout_price: '10.00',
      rental_prices: { monthly: '4.50' },
    });
    const variants = (await req(staff, 'GET', api(`products/${row!.id}/variants`))).json().data;
    const v = await req(admin, 'PUT', api('products/variants'), {
      variants: [{ id: variants[0].id, price: '1.00' }],
    });
    expect(v.statusCode).toBe(422);
  });
});

describe('another company’s catalog', () => {
  it('is never visible or changeable (404), and nothing changes', async () => {
    const [p] = (await req(staff, 'GET', `/read-replica/${cid}/rentloopdb/products?search=cordless`)).json()
      .data;
    expect((await req(stranger, 'GET', `/api/${otherCid}/rentloopdb/products/${p.id}`)).statusCode).toBe(404);
    expect(
      (await req(stranger, 'PUT', `/api/${otherCid}/rentloopdb/products/${p.id}`, { buyout_price: '1' }))
        .statusCode,
    ).toBe(404);
    const bulk = await req(stranger, 'PUT', `/api/${otherCid}/rentloopdb/products`, {
      products: [{ id: p.id, buyout_price: '1' }],
    });
    expect(bulk.statusCode).toBe(422);
    expect((await req(staff, 'GET', api(`products/${p.id}`))).json().data.buyout_price).toBe('120.50');
  });

  it('refuses a variant of another company in the bulk variants PUT (422), and that variant stays as it was', async () => {
    const [p] = (await req(staff, 'GET', `/read-replica/${cid}/rentloopdb/products?search=cordless`)).json()
      .data;
    const [ours] = await h.database.primary
      .select()
      .from(productVariants)
      .where(eq(productVariants.product_id, p.id))
      .orderBy(productVariants.id)
      .limit(1);
    const [strangers] = await h.database.primary
      .insert(products)
      .values({ company_id: otherCid, name: 'Stranger’s drill' })
      .returning({ id: products.id });
    const [theirs] = await h.database.primary
      .insert(productVariants)
      .values({ company_id: otherCid, product_id: strangers!.id, name: 'Their variant', stock: 1 })
      .returning({ id: productVariants.id });

    // Another company's variant named next to one of their own: the whole change is refused.
    const res = await req(stranger, 'PUT', `/api/${otherCid}/rentloopdb/products/variants`, {
      variants: [
        { id: theirs!.id, stock: 2 },
        { id: ours!.id, price: '1.00', stock: 999, sku: 'STOLEN' },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'variants.1.id': ['No such variant.'] });

    const [after] = await h.database.primary
      .select()
      .from(productVariants)
      .where(eq(productVariants.id, ours!.id));
    expect(after).toEqual(ours);
    const [theirsAfter] = await h.database.primary
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, theirs!.id));
    expect(theirsAfter!.stock).toBe(1);
  });
});

describe('collections', () => {
  it('groups products, filters the product list, refuses a duplicate name', async () => {
    const [p] = (await req(staff, 'GET', `/read-replica/${cid}/rentloopdb/products?search=cordless`)).json()
      .data;
    const c = await req(admin, 'POST', api('product-collections'), {
      name: 'Power Tools',
      product_ids: [p.id],
    });
    expect(c.statusCode).toBe(201);
    expect(c.json().data).toMatchObject({ name: 'Power Tools', products_count: 1 });
    const filtered = (
      await req(
        staff,
        'GET',
        `/read-replica/${cid}/rentloopdb/products?filters=${encodeURIComponent(JSON.stringify({ collection_id: c.json().data.id }))}`,
      )
    ).json();
    expect(filtered.data.map((x: { id: number }) => x.id)).toEqual([p.id]);
    expect(filtered.data[0].collections).toEqual([{ id: c.json().data.id, name: 'Power Tools' }]);
    const dup = await req(admin, 'POST', api('product-collections'), { name: 'Power Tools' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().status).toBe(false);
    const renamed = await req(admin, 'PUT', api(`product-collections/${c.json().data.id}`), {
      name: 'Drills',
    });
    expect(renamed.json().data.name).toBe('Drills');
    expect((await req(admin, 'DELETE', api(`product-collections/${c.json().data.id}`))).statusCode).toBe(200);
    expect((await req(staff, 'GET', api(`products/${p.id}`))).json().data.collections).toEqual([]);
  });
});

describe('the audit trail', () => {
  it('records catalog changes with their before and after', async () => {
    const [p] = (await req(staff, 'GET', `/read-replica/${cid}/rentloopdb/products?search=cordless`)).json()
      .data;
    await req(admin, 'PUT', api(`products/${p.id}`), { deposit: '75' });
    const filters = encodeURIComponent(
      JSON.stringify({ entity: 'products', entity_id: String(p.id), action: 'updated' }),
    );
    const [entry] = (await req(admin, 'GET', `/api/${cid}/utils/history-logs?filters=${filters}`)).json()
      .data;
    expect(entry.before).toEqual({ deposit: 5000 });
    expect(entry.after).toEqual({ deposit: 7500 });
    expect(entry.user_id).toBe(admin.id);
    const [row] = await h.database.primary.select().from(products).where(eq(products.id, p.id));
    expect(row!.deposit).toBe(7500n);
  });
});
