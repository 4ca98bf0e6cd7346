/**
 * Demo vouchers of a demo company, made through the vouchers service (as staff would): a welcome
 * offer of 10 % off the first three payments of the city e-bike and its helmet, free shipping above
 * a cart value, one that expired last month and one limited to three uses, which the demo-customer job
 * uses up once the customers exist (`useUpDemoVoucher`).
 */
import type { VoucherInput } from '@rentloop/domain/vouchers';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../context.ts';
import type { Db } from '../db/client.ts';
import { customers, products, vouchers } from '../db/schema/index.ts';
import { createVoucher, redeemVoucher, setVoucherProduct } from '../modules/vouchers/service.ts';
import type { DemoMarket } from './demo-catalog.ts';
import { seedCtx } from './demo-catalog.ts';

/** The voucher the demo-customer job uses up. */
export const DEMO_USED_UP_CODE = 'LAUNCH3';

const day = (now: Date, days: number) =>
  new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

function demoVouchers(market: DemoMarket, now: Date): VoucherInput[] {
  const canada = market === 'canada';
  return [
    {
      code: 'WELCOME10',
      description: '10 % off the first three payments of a city e-bike and its helmet',
      kind: 'percentage',
      value: '10',
      applies_to: 'first_payments',
      recurring_payments: 3,
      usage_limit_per_customer: 1,
    },
    {
      code: 'FREESHIP',
      description: canada ? 'Free shipping on carts of $150 or more' : 'Versandkostenfrei ab 100 €',
      kind: 'free_shipping',
      minimum_cart_value: canada ? '150' : '100',
    },
    {
      code: canada ? 'SUMMER25' : 'SOMMER20',
      description: 'Summer campaign (ended)',
      kind: 'fixed_amount',
      value: canada ? '25' : '20',
      valid_from: day(now, -120),
      valid_until: day(now, -30),
    },
    {
      code: DEMO_USED_UP_CODE,
      description: 'Launch offer for the first three customers',
      kind: 'fixed_amount',
      value: canada ? '30' : '25',
      usage_limit: 3,
      applies_to: 'first_payment',
    },
  ];
}

export async function seedDemoVouchers(db: Db, companyId: number, market: DemoMarket): Promise<void> {
  const ctx = seedCtx(db, companyId);
  const made = [];
  for (const input of demoVouchers(market, ctx.clock.now())) made.push(await createVoucher(ctx, input));
  const welcome = made[0]!;
  const limited = await db
    .select({ id: products.id, shop_id: products.shop_id })
    .from(products)
    .where(and(eq(products.company_id, companyId), inArray(products.name, ['City e-bike', 'Bike helmet'])));
  for (const p of limited) await setVoucherProduct(ctx, welcome.id, p.shop_id ?? String(p.id), true);
}

/** Uses up the demo's limited voucher with its first customers (once they exist; again: no change). */
export async function useUpDemoVoucher(ctx: Ctx): Promise<void> {
  const [voucher] = await ctx.db
    .select({ id: vouchers.id, used: vouchers.used_count, limit: vouchers.usage_limit })
    .from(vouchers)
    .where(and(eq(vouchers.company_id, ctx.companyId), eq(vouchers.code, DEMO_USED_UP_CODE)));
  if (!voucher || voucher.limit === null || voucher.used >= voucher.limit) return;
  const first = await ctx.db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.company_id, ctx.companyId))
    .orderBy(asc(customers.id))
    .limit(voucher.limit - voucher.used);
  const cart = { lines: [{ product_id: 0, amount: 12_900n }], shipping: 0n };
  for (const c of first) await redeemVoucher(ctx, voucher.id, c.id, cart);
}
