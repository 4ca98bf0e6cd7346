import { lineAmounts } from '@rentloop/domain/money';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { products, productVariants, taxRules } from '../../db/schema/index.ts';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';

const h = useHarness();
let cid: number;
let otherCid: number;
let admin: TestUser;
let staff: TestUser;
let stranger: TestUser;

const api = (path: string) => `/api/${cid}/rentloopdb/${path}`;
const req = (
  user: TestUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => call(h.app, user, { method, url, payload });

const drill = (overrides: object = {}) => ({
  name: 'Cordless Drill',
  type: 'normal',
  rental_prices: { monthly: '19.90', quarterly: '54.00' },
  minimum_term_months: 3,
  buyout_price: '149.00',
  deposit: '50',
  purchase_price: '99.95',
  variants: [
    { sku: 'DRL-18V', name: 'Drill 18 V', options: { Voltage: '18 V' }, price: '129.00', stock: 4 },
    { sku: 'DRL-12V', name: 'Drill 12 V', options: { Voltage: '12 V' }, price: '99.00', stock: 0 },
  ],
  ...overrides,
});

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Tool Hire', currency: 'CAD' });
  const other = await createCompany(h.database, { name: 'Other Hire', currency: 'EUR' });
  cid = company.id;
  otherCid = other.id;
  admin = await createUser(h, { company, role: 'admin' });
  staff = await createUser(h, { company, role: 'user' });
  stranger = await createUser(h, { company: other, role: 'owner' });
});

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
    expect(res.json().errors).toHaveProperty('buyout_price');
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

describe('tax', () => {
  it('resolves the most specific rule for an address and class, else the company default', async () => {
    await req(admin, 'PUT', api('tax-configs'), { default_rate: '5' });
    expect((await req(staff, 'GET', api('tax-configs'))).json().data).toMatchObject({
      default_rate: '5.00',
      product_classes: ['standard', 'reduced', 'zero'],
    });
    const ca = await req(admin, 'POST', api('tax-rules'), { country: 'CA', percentage: '5', name: 'GST' });
    expect(ca.statusCode).toBe(201);
    await req(admin, 'POST', api('tax-rules'), {
      country: 'ca',
      region: 'on',
      percentage: '13',
      name: 'HST Ontario',
    });
    const resolve = async (q: string) => (await req(staff, 'GET', api(`tax-rules/resolve?${q}`))).json().data;
    expect(await resolve('country=ca&region=ON')).toMatchObject({
      percentage: '13.00',
      matched: 'country_region',
    });
    expect(await resolve('country=CA&region=AB')).toMatchObject({ percentage: '5.00', matched: 'country' });
    expect(await resolve('country=de')).toMatchObject({
      percentage: '5.00',
      matched: 'default',
      rule_id: null,
    });
    expect(await resolve('country=ca&region=ON&product_class=zero')).toMatchObject({ matched: 'default' });
  });

  it('refuses a duplicate rule, a percentage over 100 and a bad country, with status false', async () => {
    const dup = await req(admin, 'POST', api('tax-rules'), { country: 'ca', region: 'ON', percentage: '13' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json()).toMatchObject({ status: false });
    const over = await req(admin, 'POST', api('tax-rules'), { country: 'us', percentage: '101' });
    expect(over.json().errors.percentage).toEqual(['Maximum of 100%.']);
    const country = await req(admin, 'POST', api('tax-rules'), { country: 'Canada', percentage: '5' });
    expect(country.json().errors).toHaveProperty('country');
  });

  it('updates and deletes rules of its own company only', async () => {
    const rules = (await req(staff, 'GET', api('tax-rules?country=ca'))).json().data;
    // The whole-country rule first, then the regions.
    expect(rules.map((r: { region: string | null }) => r.region)).toEqual([null, 'ON']);
    const reduced = await req(admin, 'POST', api('tax-rules'), {
      country: 'de',
      product_class: 'reduced',
      percentage: '7',
    });
    const kept = await req(admin, 'PUT', api(`tax-rules/${reduced.json().data.id}`), { percentage: '7.5' });
    expect(kept.json().data).toMatchObject({ product_class: 'reduced', percentage: '7.50' });
    const upd = await req(admin, 'PUT', api(`tax-rules/${rules[0].id}`), { percentage: '6.5' });
    expect(upd.json().data.percentage).toBe('6.50');
    expect(
      (await req(stranger, 'DELETE', `/api/${otherCid}/rentloopdb/tax-rules/${rules[0].id}`)).statusCode,
    ).toBe(404);
    expect((await req(admin, 'DELETE', api(`tax-rules/${rules[0].id}`))).statusCode).toBe(200);
  });
});

describe('tax rates with up to four decimals (Canada: QST 9.975 %, GST + QST 14.975 %)', () => {
  it('keeps 9.975 and 14.975 exactly, and a line’s tax is rounded half-up once from the exact rate', async () => {
    const qst = await req(admin, 'POST', api('tax-rules'), {
      country: 'ca',
      region: 'qc',
      percentage: '14.975',
      name: 'GST + QST',
    });
    expect(qst.statusCode, qst.body).toBe(201);
    expect(qst.json().data).toMatchObject({ region: 'QC', percentage: '14.975' });
    const [stored] = await h.database.primary
      .select({ percentage: taxRules.percentage })
      .from(taxRules)
      .where(eq(taxRules.id, qst.json().data.id));
    expect(stored!.percentage).toBe('14.9750');

    const resolved = (await req(staff, 'GET', api('tax-rules/resolve?country=CA&region=QC'))).json().data;
    expect(resolved).toMatchObject({ percentage: '14.975', matched: 'country_region' });
    // 19.99 CAD x 3 = 59.97; 14.975 % of it is 8.98050... -> 8.98 (half-up once, per line).
    expect(lineAmounts({ unit_amount: 1999n, quantity: 3, tax_percent: resolved.percentage })).toEqual({
      net: 5997n,
      tax: 898n,
      gross: 6895n,
    });
    // 1,000.00 at 14.975 % is 149.75; a rate cut to two decimals (14.98 %) would give 149.80.
    expect(lineAmounts({ unit_amount: 100_000n, quantity: 1, tax_percent: resolved.percentage }).tax).toBe(
      14_975n,
    );

    const upd = await req(admin, 'PUT', api(`tax-rules/${qst.json().data.id}`), { percentage: '9.975' });
    expect(upd.json().data.percentage).toBe('9.975');
    await req(admin, 'PUT', api('tax-configs'), { default_rate: '9.975' });
    expect((await req(staff, 'GET', api('tax-configs'))).json().data.default_rate).toBe('9.975');
    await req(admin, 'PUT', api('tax-configs'), { default_rate: '5' });
  });

  it('refuses a fifth decimal, naming the field', async () => {
    const res = await req(admin, 'POST', api('tax-rules'), {
      country: 'ca',
      region: 'NB',
      percentage: '9.97501',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: false });
    expect(res.json().errors.percentage).toEqual(['Must be a percentage with at most four decimals.']);
  });
});

describe('tax rule countries and regions (the domain reference data)', () => {
  const post = (body: object) => req(admin, 'POST', api('tax-rules'), { percentage: '5', ...body });

  it('refuses an unknown country and a region that is not one of its regions, naming the field', async () => {
    const zz = await post({ country: 'zz' });
    expect(zz.statusCode).toBe(422);
    expect(zz.json().errors).toEqual({ country: ['Must be a known country.'] });
    const xx = await post({ country: 'ca', region: 'XX' });
    expect(xx.statusCode).toBe(422);
    expect(xx.json().errors).toEqual({ region: ['Must be one of the listed regions.'] });
    // A US state is not a Canadian province.
    expect((await post({ country: 'ca', region: 'NY' })).json().errors).toEqual({
      region: ['Must be one of the listed regions.'],
    });
    expect((await post({ country: 'us', region: 'NY', name: 'New York' })).statusCode).toBe(201);
    // A country without a region list keeps its region as typed (as addresses do).
    expect((await post({ country: 'de', region: 'by', product_class: 'zero' })).json().data).toMatchObject({
      country: 'de',
      region: 'BY',
    });
  });

  it('checks a changed region against the stored country, and a changed country against the stored region', async () => {
    const rule = (await post({ country: 'ca', region: 'MB', percentage: '12' })).json().data;
    const region = await req(admin, 'PUT', api(`tax-rules/${rule.id}`), { region: 'XX' });
    expect(region.statusCode).toBe(422);
    expect(region.json().errors).toEqual({ region: ['Must be one of the listed regions.'] });
    const country = await req(admin, 'PUT', api(`tax-rules/${rule.id}`), { country: 'us' });
    expect(country.statusCode).toBe(422);
    expect(country.json().errors).toEqual({ region: ['Must be one of the listed regions.'] });
    const both = await req(admin, 'PUT', api(`tax-rules/${rule.id}`), { country: 'au', region: 'XX' });
    expect(both.json().errors).toEqual({ region: ['Must be one of the listed regions.'] });
    const unknown = await req(admin, 'PUT', api(`tax-rules/${rule.id}`), { country: 'zz' });
    expect(unknown.json().errors).toEqual({ country: ['Must be a known country.'] });
    const fine = await req(admin, 'PUT', api(`tax-rules/${rule.id}`), { region: 'sk' });
    expect(fine.json().data).toMatchObject({ country: 'ca', region: 'SK', percentage: '12.00' });
  });

  it('lists the rules of one tax class (for a product’s page)', async () => {
    const zero = (await req(staff, 'GET', api('tax-rules?product_class=zero&per_page=100'))).json();
    expect(zero.data.length).toBeGreaterThan(0);
    expect(zero.data.every((r: { product_class: string }) => r.product_class === 'zero')).toBe(true);
    const all = (await req(staff, 'GET', api('tax-rules?per_page=100'))).json();
    expect(all.meta.total).toBeGreaterThan(zero.meta.total);
    expect((await req(staff, 'GET', api('tax-rules?product_class=luxury'))).statusCode).toBe(422);
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
