import { MESSAGES } from '@rentloop/domain/messages';
import { VOUCHER_REFUSALS, VOUCHER_TEXTS } from '@rentloop/domain/vouchers';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../context.ts';
import { companies, customers, products, vouchers } from '../../db/schema/index.ts';
import { testCtx } from '../../testing/ctx.ts';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';
import { quoteVoucher, redeemVoucher } from './service.ts';

const clock = fixedClock('2026-11-25T15:00:00Z');
const h = useHarness({ clock });
let companyId: number;
let otherId: number;
let user: TestUser;
let admin: TestUser;
let other: TestUser;
let wcProduct: number;
let manualProduct: number;
let customer: number;

const url = (company: number, rest = '') => `/api/${company}/rentloopdb/vouchers${rest}`;
const post = (who: TestUser | null, body: object, company = companyId) =>
  call(h.app, who, { method: 'POST', url: url(company), payload: body });
const get = (who: TestUser | null, rest: string, company = companyId) =>
  call(h.app, who, { method: 'GET', url: url(company, rest) });
const put = (who: TestUser | null, rest: string, body: object = {}, company = companyId) =>
  call(h.app, who, { method: 'PUT', url: url(company, rest), payload: body });
const del = (who: TestUser | null, rest: string, company = companyId) =>
  call(h.app, who, { method: 'DELETE', url: url(company, rest) });

async function made(body: object, company = companyId, who = user) {
  const res = await post(who, body, company);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; code: string; value: string | null; used_count: number };
}

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Maple Rentals', currency: 'CAD' });
  const otherCompany = await createCompany(h.database, { name: 'Other Co', currency: 'CAD' });
  companyId = company.id;
  otherId = otherCompany.id;
  user = await createUser(h, { company, role: 'user' });
  admin = await createUser(h, { company, role: 'admin' });
  other = await createUser(h, { company: otherCompany, role: 'owner' });
  const db = h.database.primary;
  const [wc] = await db
    .insert(products)
    .values({ company_id: companyId, source: 'woocommerce', shop_id: 'wc-77', name: 'E-bike' })
    .returning();
  const [manual] = await db.insert(products).values({ company_id: companyId, name: 'Helmet' }).returning();
  wcProduct = wc!.id;
  manualProduct = manual!.id;
  const [c] = await db
    .insert(customers)
    .values({ company_id: companyId, name: 'Jane', email: 'jane@vouchers.test' })
    .returning();
  customer = c!.id;
});

describe('vouchers API', () => {
  it('creates a voucher with the spec message; the code is unique whatever its case (422 on code)', async () => {
    const res = await post(user, {
      code: 'Spring10',
      kind: 'percentage',
      value: '10',
      minimum_cart_value: '50',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(MESSAGES.voucherCreated);
    expect(res.json().data).toMatchObject({ code: 'Spring10', value: '10.00', minimum_cart_value: '50.00' });
    const again = await post(user, { code: 'SPRING10', kind: 'free_shipping' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ code: [VOUCHER_TEXTS.codeTaken] });
    // Another company may use the same code.
    expect((await post(other, { code: 'spring10', kind: 'free_shipping' }, otherId)).statusCode).toBe(201);
  });

  it('answers 422 naming the field', async () => {
    for (const [body, field] of [
      [{ code: 'x y', kind: 'percentage', value: '5' }, 'code'],
      [{ code: 'PCT', kind: 'percentage', value: '120' }, 'value'],
      [{ code: 'PCT', kind: 'percentage' }, 'value'],
      // More decimals than the currency has (CAD: 2; zero- and three-decimal currencies: the domain's tests).
      [{ code: 'FIX', kind: 'fixed_amount', value: '5.001' }, 'value'],
      [{ code: 'SHIP', kind: 'free_shipping', value: '5' }, 'value'],
      [{ code: 'NPAY', kind: 'percentage', value: '5', applies_to: 'first_payments' }, 'recurring_payments'],
      [
        { code: 'D1', kind: 'free_shipping', valid_from: '2026-05-02', valid_until: '2026-05-01' },
        'valid_until',
      ],
      [{ code: 'MIN', kind: 'free_shipping', minimum_cart_value: '1.234' }, 'minimum_cart_value'],
      [{ code: 'KIND', kind: 'gift' }, 'kind'],
    ] as const) {
      const res = await post(user, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(body)).toEqual([field]);
    }
  });

  it('reads, updates and deletes by role; another company gets 404', async () => {
    const v = await made({ code: 'ROLES', kind: 'fixed_amount', value: '5' });
    expect((await get(null, `/${v.id}`)).statusCode).toBe(401);
    expect((await get(other, `/${v.id}`, otherId)).statusCode).toBe(404);
    expect((await get(other, `/${v.id}`)).statusCode).toBe(404);
    expect((await put(other, `/${v.id}`, { active: false }, otherId)).statusCode).toBe(404);
    expect((await del(other, `/${v.id}`, otherId)).statusCode).toBe(404);
    const updated = await put(user, `/${v.id}`, { kind: 'free_shipping' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      message: MESSAGES.voucherUpdated,
      data: { kind: 'free_shipping', value: null },
    });
    const bad = await put(user, `/${v.id}`, { kind: 'percentage' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['value']);
    expect((await del(user, `/${v.id}`)).statusCode).toBe(403);
    const gone = await del(admin, `/${v.id}`);
    expect(gone.json()).toMatchObject({ status: true, message: MESSAGES.voucherDeleted });
    expect((await get(user, `/${v.id}`)).statusCode).toBe(404);
  });

  it('includes products by shop id (a hand-made product by its id) and removes them', async () => {
    const v = await made({ code: 'BIKES', kind: 'percentage', value: '10' });
    const inc = await put(user, `/${v.id}/products/wc-77/include`);
    expect(inc.statusCode, inc.body).toBe(200);
    await put(user, `/${v.id}/products/${manualProduct}/include`);
    await put(user, `/${v.id}/products/wc-77/include`);
    const list = await get(user, `/${v.id}/products`);
    expect(list.json().data).toEqual([
      { product_id: wcProduct, product_shop_id: 'wc-77', name: 'E-bike', source: 'woocommerce' },
      { product_id: manualProduct, product_shop_id: String(manualProduct), name: 'Helmet', source: 'manual' },
    ]);
    expect((await get(user, `/${v.id}`)).json().data.products_count).toBe(2);
    // The woo product's id is not its shop id; another company's product is not found.
    expect((await put(user, `/${v.id}/products/${wcProduct}/include`)).statusCode).toBe(404);
    expect((await put(other, `/${v.id}/products/wc-77/include`, {}, otherId)).statusCode).toBe(404);
    const removed = await del(user, `/${v.id}/products/wc-77/include`);
    expect(removed.json().data.map((p: { name: string }) => p.name)).toEqual(['Helmet']);
  });

  it('lists with search and filters (expired by the clock: the last day is still valid)', async () => {
    await made({ code: 'ENDS-TODAY', kind: 'free_shipping', valid_until: '2026-11-25' });
    await made({ code: 'ENDED-YESTERDAY', kind: 'free_shipping', valid_until: '2026-11-24' });
    const codes = async (query: string) =>
      (await get(user, `?per_page=100&${query}`)).json().data.map((v: { code: string }) => v.code);
    expect(await codes(`search=end&filters=${encodeURIComponent('{"expired":true}')}`)).toEqual([
      'ENDED-YESTERDAY',
    ]);
    expect(await codes(`search=end&filters=${encodeURIComponent('{"expired":false}')}`)).toEqual([
      'ENDS-TODAY',
    ]);
    expect(await codes(`search=spring`)).toEqual(['Spring10']);
    const bad = await get(user, `?filters=${encodeURIComponent('{"kind":"gift"}')}`);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['filters.kind']);
  });
});

describe('pricing and redeeming', () => {
  const ctx = () => testCtx(h.database.primary, companyId, { clock });
  const cart = { lines: [{ product_id: 0, amount: 5000n }], shipping: 1000n };

  it('a voucher ending today applies today and is expired tomorrow', async () => {
    const v = await made({ code: 'LASTDAY', kind: 'percentage', value: '12.5', valid_until: '2026-11-25' });
    const c = { lines: [{ product_id: 0, amount: 123n }], shipping: 0n };
    expect(await quoteVoucher(ctx(), v.id, c, { customerId: customer, paymentNumber: 1 })).toMatchObject({
      applies: true,
      discount: 15n,
    });
    clock.set('2026-11-26T00:00:00Z');
    try {
      expect(await quoteVoucher(ctx(), v.id, c, { customerId: customer, paymentNumber: 1 })).toMatchObject({
        applies: false,
        reason: 'expired',
      });
    } finally {
      clock.set('2026-11-25T15:00:00Z');
    }
  });

  it('two uses at once against a limit of one: one redeems, the other is refused', async () => {
    const v = await made({ code: 'ONCE', kind: 'fixed_amount', value: '10', usage_limit: 1 });
    const attempt = () =>
      h.database.primary.transaction((tx) =>
        redeemVoucher(testCtx(tx, companyId, { clock }), v.id, customer, cart),
      );
    const results = await Promise.allSettled([attempt(), attempt()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    // The same 422 on voucher_code as pricing a used-up voucher gives: one answer whatever the timing.
    expect(refused.reason).toMatchObject({
      status: 422,
      errors: { voucher_code: [VOUCHER_REFUSALS.used_up] },
    });
    const [row] = await h.database.primary.select().from(vouchers).where(eq(vouchers.id, v.id));
    expect(row!.used_count).toBe(1);
    const redemptions = await h.database.primary.execute(
      sql`select discount from voucher_redemptions where voucher_id = ${v.id}`,
    );
    expect(
      (redemptions as unknown as { rows: { discount: string }[] }).rows.map((r) => String(r.discount)),
    ).toEqual(['1000']);
  });

  it("the per-customer limit counts the customer's redemptions", async () => {
    const v = await made({ code: 'PERCUST', kind: 'free_shipping', usage_limit_per_customer: 1 });
    const first = await redeemVoucher(ctx(), v.id, customer, cart);
    expect(first.shipping_discount).toBe(1000n);
    await expect(
      h.database.primary.transaction((tx) =>
        redeemVoucher(testCtx(tx, companyId, { clock }), v.id, customer, cart),
      ),
    ).rejects.toMatchObject({ status: 422, errors: { voucher_code: [VOUCHER_REFUSALS.customer_limit] } });
    // Rolled back with its transaction: the refused use was not counted.
    const [row] = await h.database.primary.select().from(vouchers).where(eq(vouchers.id, v.id));
    expect(row!.used_count).toBe(1);
  });

  it('freezes the company currency once a voucher holds an amount', async () => {
    await expect(
      h.database.primary.update(companies).set({ currency: 'EUR' }).where(eq(companies.id, companyId)),
    ).rejects.toThrow();
  });
});
