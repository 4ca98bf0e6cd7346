/** Bundles, availability settings and the variant insights built on both, over HTTP. */
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

useCatalogFixture(async () => {
  // Variants to put in bundles.
  expect((await req(admin, 'POST', api('products'), drill())).statusCode).toBe(201);
});

describe('bundles', () => {
  it('creates a bundle, adds and removes variants, and refuses another company’s variant', async () => {
    const created = await req(admin, 'POST', api('bundles'), { name: 'Starter Kit', price: '39.00' });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    const variants = (
      await req(staff, 'GET', `/read-replica/${cid}/rentloopdb/variants?per_page=2&sort=sku`)
    ).json().data;
    const added = await req(admin, 'POST', api(`bundles/${id}/variants/add`), {
      variants: [{ variant_id: variants[0].id, quantity: 2 }, { variant_id: variants[1].id }],
    });
    expect(
      added
        .json()
        .data.variants.map((v: { quantity: number }) => v.quantity)
        .sort(),
    ).toEqual([1, 2]);
    const removed = await req(admin, 'POST', api(`bundles/${id}/variants/remove`), {
      variants: [{ variant_id: variants[0].id }],
    });
    expect(removed.json().data.variants).toHaveLength(1);
    const [foreign] = await h.database.primary
      .insert(products)
      .values({ company_id: otherCid, name: 'Foreign' })
      .returning({ id: products.id });
    const [fv] = await h.database.primary
      .insert(productVariants)
      .values({ company_id: otherCid, product_id: foreign!.id, name: 'Foreign variant' })
      .returning({ id: productVariants.id });
    const bad = await req(admin, 'POST', api(`bundles/${id}/variants/add`), {
      variants: [{ variant_id: fv!.id }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty(['variants.0.variant_id']);
    // Removing a variant the bundle does not hold (here another company's) is refused, and changes nothing.
    const notHeld = await req(admin, 'POST', api(`bundles/${id}/variants/remove`), {
      variants: [{ variant_id: variants[1].id }, { variant_id: fv!.id }],
    });
    expect(notHeld.statusCode).toBe(422);
    expect(notHeld.json().errors['variants.1.variant_id']).toEqual(['This variant is not in the bundle.']);
    expect((await req(staff, 'GET', api(`bundles/${id}`))).json().data.variants).toHaveLength(1);
    const product = (await req(staff, 'GET', api(`products/${variants[1].product_id}`))).json().data;
    expect(product.bundles.map((b: { name: string }) => b.name)).toContain('Starter Kit');
  });

  it('lists active bundles by default and inactive ones on request; deletes', async () => {
    const inactive = await req(admin, 'POST', api('bundles'), {
      name: 'Old Kit',
      is_active: false,
      is_group: true,
    });
    const active = (await req(staff, 'GET', api('bundles'))).json().data.map((b: { name: string }) => b.name);
    expect(active).toContain('Starter Kit');
    expect(active).not.toContain('Old Kit');
    const old = (
      await req(staff, 'GET', api(`bundles?filters=${encodeURIComponent('{"is_active":false}')}`))
    ).json().data;
    expect(old.map((b: { name: string; is_group: boolean }) => [b.name, b.is_group])).toEqual([
      ['Old Kit', true],
    ]);
    const id = inactive.json().data.id;
    // An update leaves the fields it does not send alone.
    const renamed = await req(admin, 'PUT', api(`bundles/${id}`), { name: 'Old Kit 2' });
    expect(renamed.json().data).toMatchObject({ name: 'Old Kit 2', is_active: false, is_group: true });
    expect((await req(admin, 'DELETE', api(`bundles/${id}`))).json().message).toBe('Bundle deleted.');
    expect((await req(staff, 'GET', api(`bundles/${id}`))).statusCode).toBe(404);
  });
});

describe('variant insights (GET products/{id}/variants/insights)', () => {
  it('gives each variant’s stock, bundles and availability, and the product’s totals, from the data', async () => {
    const created = await req(admin, 'POST', api('products'), {
      name: 'Party Tent',
      variants: [
        { sku: 'TENT-S', name: 'Tent S', price: '49.50', stock: 3 },
        { sku: 'TENT-M', name: 'Tent M', price: '59.50', stock: 0 },
        { sku: 'TENT-L', name: 'Tent L', price: '69.50', stock: null },
        { name: 'Tent XL (no SKU)', stock: 8 },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json().data;
    const [s, m, l, xl] = product.variants;
    const bundle = (await req(admin, 'POST', api('bundles'), { name: 'Tent party' })).json().data;
    const group = (
      await req(admin, 'POST', api('bundles'), { name: 'Any tent', is_group: true, is_active: false })
    ).json().data;
    await req(admin, 'POST', api(`bundles/${bundle.id}/variants/add`), { variants: [{ variant_id: s.id }] });
    await req(admin, 'POST', api(`bundles/${group.id}/variants/add`), {
      variants: [{ variant_id: s.id }, { variant_id: m.id }],
    });
    const sSetting = (
      await req(admin, 'POST', api('availability_settings'), { sku_name: 'TENT-S', min_stock: 5 })
    ).json().data;
    const lSetting = (
      await req(admin, 'POST', api('availability_settings'), {
        sku_name: 'TENT-L',
        min_stock: 1,
        is_available: false,
      })
    ).json().data;

    const res = await req(staff, 'GET', api(`products/${product.id}/variants/insights`));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      product_id: product.id,
      currency: 'CAD',
      variants_count: 4,
      stock_tracked: 3,
      stock_total: 11,
      out_of_stock: 1,
      below_min_stock: 1,
      in_bundles: 2,
      variants: [
        {
          variant_id: s.id,
          sku: 'TENT-S',
          name: 'Tent S',
          options: {},
          price: '49.50',
          stock: 3,
          bundles: 2,
          active_bundles: 1,
          availability: { id: sSetting.id, is_available: true, min_stock: 5, below_min_stock: true },
        },
        {
          variant_id: m.id,
          sku: 'TENT-M',
          name: 'Tent M',
          options: {},
          price: '59.50',
          stock: 0,
          bundles: 1,
          active_bundles: 0,
          availability: null,
        },
        {
          variant_id: l.id,
          sku: 'TENT-L',
          name: 'Tent L',
          options: {},
          price: '69.50',
          stock: null,
          bundles: 0,
          active_bundles: 0,
          availability: { id: lSetting.id, is_available: false, min_stock: 1, below_min_stock: null },
        },
        {
          variant_id: xl.id,
          sku: null,
          name: 'Tent XL (no SKU)',
          options: {},
          price: null,
          stock: 8,
          bundles: 0,
          active_bundles: 0,
          availability: null,
        },
      ],
    });

    // Another company's product, and a product that does not exist: 404.
    expect(
      (await req(stranger, 'GET', `/api/${otherCid}/rentloopdb/products/${product.id}/variants/insights`))
        .statusCode,
    ).toBe(404);
    expect((await req(staff, 'GET', api('products/999999/variants/insights'))).statusCode).toBe(404);
  });
});

describe('availability settings', () => {
  it('creates, reads by SKU, updates and deletes', async () => {
    const created = await req(admin, 'POST', api('availability_settings'), {
      sku_name: 'DRL-18V',
      min_stock: 1,
      lead_time_days: 2,
    });
    expect(created.statusCode).toBe(201);
    const got = await req(staff, 'GET', api('availability_settings/DRL-18V'));
    expect(got.json().data).toMatchObject({
      sku_name: 'DRL-18V',
      is_available: true,
      min_stock: 1,
      lead_time_days: 2,
    });
    const upd = await req(admin, 'PUT', api('availability_settings/DRL-18V'), {
      is_available: false,
      max_rental_days: 30,
    });
    expect(upd.json().data).toMatchObject({ is_available: false, max_rental_days: 30 });
    const dup = await req(admin, 'POST', api('availability_settings'), { sku_name: 'DRL-18V' });
    expect(dup.statusCode).toBe(422);
    expect((await req(staff, 'GET', api('availability_settings/NOPE'))).statusCode).toBe(404);
    const list = (await req(staff, 'GET', api('availability_settings?search=drl'))).json();
    expect(list.meta.total).toBe(1);
    expect(
      (await req(admin, 'DELETE', api(`availability_settings/${created.json().data.id}`))).statusCode,
    ).toBe(200);
    expect((await req(staff, 'GET', api('availability_settings/DRL-18V'))).statusCode).toBe(404);
  });
});
