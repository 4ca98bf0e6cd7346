/**
 * After a product is made: variants added, renamed and removed (refused with the reason when a bundle
 * holds one or it is the last), products archived, restored and deleted (only when nothing refers to
 * them), the list's active and archived totals, and another company's product: 404 and unchanged.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events, products, productVariants } from '../../db/schema/index.ts';
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

const made = async (overrides: object = {}) => {
  const res = await req(admin, 'POST', api('products'), drill(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; variants: { id: number; name: string }[] };
};
const list = async (filters?: object) =>
  (
    await req(
      staff,
      'GET',
      `/read-replica/${cid}/rentloopdb/products?per_page=100${filters ? `&filters=${encodeURIComponent(JSON.stringify(filters))}` : ''}`,
    )
  ).json();

describe('variants after creation', () => {
  it('adds, renames and removes a variant of a hand-made product', async () => {
    const p = await made();
    const added = await req(admin, 'POST', api(`products/${p.id}/variants`), {
      sku: 'DRL-24V',
      name: 'Drill 24 V',
      options: { Voltage: '24 V' },
      price: '159.50',
      stock: 2,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data).toMatchObject({
      sku: 'DRL-24V',
      name: 'Drill 24 V',
      price: '159.50',
      stock: 2,
    });
    const id = added.json().data.id;
    const renamed = await req(admin, 'PUT', api('products/variants'), {
      variants: [{ id, name: 'Drill 24 V Pro' }],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    let detail = (await req(staff, 'GET', api(`products/${p.id}`))).json().data;
    expect(detail.variants.map((v: { name: string }) => v.name)).toEqual([
      'Drill 18 V',
      'Drill 12 V',
      'Drill 24 V Pro',
    ]);
    const removed = await req(admin, 'DELETE', api(`products/${p.id}/variants/${id}`));
    expect(removed.statusCode, removed.body).toBe(200);
    detail = (await req(staff, 'GET', api(`products/${p.id}`))).json().data;
    expect(detail.variants).toHaveLength(2);
  });

  it('names the field of a bad variant, refuses staff, and a shop product’s variants', async () => {
    const p = await made();
    const bad = await req(admin, 'POST', api(`products/${p.id}/variants`), { name: '', price: '1.234' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toContain('name');
    const cents = await req(admin, 'POST', api(`products/${p.id}/variants`), { name: 'X', price: '1.234' });
    expect(cents.statusCode).toBe(422);
    expect(Object.keys(cents.json().errors)).toEqual(['price']);
    expect((await req(staff, 'POST', api(`products/${p.id}/variants`), { name: 'X' })).statusCode).toBe(403);
    const [shop] = await h.database.primary
      .insert(products)
      .values({ company_id: cid, source: 'woocommerce', shop_id: 'w-1', name: 'Shop drill' })
      .returning({ id: products.id });
    const refused = await req(admin, 'POST', api(`products/${shop!.id}/variants`), { name: 'X' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Comes from the shop \(woocommerce\)/);
  });

  it('refuses to remove the last variant and one a bundle holds, saying why', async () => {
    const p = await made({ variants: [{ sku: 'ONE', name: 'Only one', price: '5.00' }] });
    const last = await req(admin, 'DELETE', api(`products/${p.id}/variants/${p.variants[0]!.id}`));
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toMatch(/at least one variant/);
    const q = await made();
    const bundle = (await req(admin, 'POST', api('bundles'), { name: 'Garden Kit', price: '9.00' })).json()
      .data;
    await req(admin, 'POST', api(`bundles/${bundle.id}/variants/add`), {
      variants: [{ variant_id: q.variants[0]!.id }],
    });
    const held = await req(admin, 'DELETE', api(`products/${q.id}/variants/${q.variants[0]!.id}`));
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe('Drill 18 V is in a bundle (Garden Kit): remove it there first.');
    // A variant of another of the company's products is not this product's: 404.
    expect(
      (await req(admin, 'DELETE', api(`products/${p.id}/variants/${q.variants[1]!.id}`))).statusCode,
    ).toBe(404);
  });

  it('another company’s product and variant: 404 and unchanged', async () => {
    const [theirs] = await h.database.primary
      .insert(products)
      .values({ company_id: otherCid, name: 'Their drill' })
      .returning({ id: products.id });
    const [tv] = await h.database.primary
      .insert(productVariants)
      .values([
        { company_id: otherCid, product_id: theirs!.id, name: 'Theirs A' },
        { company_id: otherCid, product_id: theirs!.id, name: 'Theirs B' },
      ])
      .returning({ id: productVariants.id });
    expect(
      (await req(admin, 'POST', api(`products/${theirs!.id}/variants`), { name: 'Mine' })).statusCode,
    ).toBe(404);
    expect((await req(admin, 'DELETE', api(`products/${theirs!.id}/variants/${tv!.id}`))).statusCode).toBe(
      404,
    );
    const renamed = await req(admin, 'PUT', api('products/variants'), {
      variants: [{ id: tv!.id, name: 'Mine' }],
    });
    expect(renamed.statusCode).toBe(422);
    const rows = await h.database.primary
      .select({ name: productVariants.name })
      .from(productVariants)
      .where(eq(productVariants.product_id, theirs!.id));
    expect(rows.map((r) => r.name).sort()).toEqual(['Theirs A', 'Theirs B']);
    // Their owner cannot reach ours either.
    const ours = await made();
    const foreign = await req(
      stranger,
      'DELETE',
      api(`products/${ours.id}/variants/${ours.variants[0]!.id}`),
    );
    expect(foreign.statusCode).toBe(404);
  });
});

describe('archive, restore, delete', () => {
  it('moves a product out of the default list and back, with exact totals and events', async () => {
    const p = await made({ name: 'Archivable Saw' });
    const before = await list();
    const archived = await req(admin, 'POST', api(`products/${p.id}/archive`));
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json()).toMatchObject({ message: 'Product archived.' });
    expect(archived.json().data.archived_at).toEqual(expect.any(String));
    const active = await list();
    expect(active.meta.total).toBe(before.meta.total - 1);
    expect(active.data.map((r: { id: number }) => r.id)).not.toContain(p.id);
    const inArchive = await list({ archived: true });
    expect(inArchive.data.map((r: { id: number }) => r.id)).toContain(p.id);
    expect(inArchive.meta.total).toBe(inArchive.data.length);
    const again = await req(admin, 'POST', api(`products/${p.id}/archive`));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This product is already archived.');
    const restored = await req(admin, 'POST', api(`products/${p.id}/restore`));
    expect(restored.json()).toMatchObject({ message: 'Product restored.', data: { archived_at: null } });
    expect((await list()).meta.total).toBe(before.meta.total);
    const types = await h.database.primary
      .select({ type: events.type })
      .from(events)
      .where(and(eq(events.object, 'product'), eq(events.object_id, p.id)))
      .orderBy(events.id);
    expect(types.map((t) => t.type)).toEqual(['product.archived', 'product.restored']);
  });

  it('deletes only a product nothing refers to; otherwise says why', async () => {
    const free = await made({ name: 'Free Ladder' });
    expect((await req(staff, 'GET', api(`products/${free.id}`))).json().data.delete_refused).toBeNull();
    expect((await req(staff, 'DELETE', api(`products/${free.id}`))).statusCode).toBe(403);
    const deleted = await req(admin, 'DELETE', api(`products/${free.id}`));
    expect(deleted.json()).toMatchObject({ message: 'Product deleted.' });
    expect((await req(staff, 'GET', api(`products/${free.id}`))).statusCode).toBe(404);
    const held = await made({ name: 'Held Mixer' });
    const bundle = (await req(admin, 'POST', api('bundles'), { name: 'Kitchen Kit', price: '9.00' })).json()
      .data;
    await req(admin, 'POST', api(`bundles/${bundle.id}/variants/add`), {
      variants: [{ variant_id: held.variants[1]!.id }],
    });
    const reason =
      'Its variants are in a bundle (Kitchen Kit): remove them there first, or archive the product.';
    expect((await req(staff, 'GET', api(`products/${held.id}`))).json().data.delete_refused).toBe(reason);
    const refused = await req(admin, 'DELETE', api(`products/${held.id}`));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(reason);
    expect((await req(staff, 'GET', api(`products/${held.id}`))).statusCode).toBe(200);
  });

  it('another company’s product: archive, restore and delete are 404 and change nothing', async () => {
    const [theirs] = await h.database.primary
      .insert(products)
      .values({ company_id: otherCid, name: 'Their lathe' })
      .returning();
    for (const action of ['archive', 'restore'])
      expect((await req(admin, 'POST', api(`products/${theirs!.id}/${action}`))).statusCode).toBe(404);
    expect((await req(admin, 'DELETE', api(`products/${theirs!.id}`))).statusCode).toBe(404);
    const [after] = await h.database.primary.select().from(products).where(eq(products.id, theirs!.id));
    expect(after).toEqual(theirs);
  });
});
