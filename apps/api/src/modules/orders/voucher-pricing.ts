/**
 * The voucher part of pricing an order (`priceOrder`): the voucher by its code, what it takes off the
 * cart at the checkout (payment 1), and what that covers as `orderTotals` reads it: the lines of its
 * products only (invoice lines copy them) and the later payments it also applies to.
 */
import type { OrderTotalsInput } from '@rentloop/domain/order-totals';
import type { VoucherCart } from '@rentloop/domain/vouchers';
import { and, eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { vouchers } from '../../db/schema/index.ts';
import { invalid } from '../../errors.ts';
import { quoteVoucher } from '../vouchers/service.ts';

const NO_SUCH_VOUCHER = 'No voucher has this code.';

export type VoucherDiscount = Pick<
  OrderTotalsInput,
  'discount' | 'shipping_discount' | 'discount_product_ids' | 'recurring_voucher'
>;

const NO_DISCOUNT: VoucherDiscount = { discount: 0n, shipping_discount: 0n };

/** The voucher of `code` on this cart, or a 422 on `voucher_code` saying why it does not apply. */
export async function priceVoucher(
  ctx: Ctx,
  code: string | null | undefined,
  use: { cart: VoucherCart; customerId: number },
): Promise<{ voucher: { id: number; code: string } | null; discount: VoucherDiscount }> {
  if (!code) return { voucher: null, discount: NO_DISCOUNT };
  const [found] = await ctx.db
    .select({ id: vouchers.id, code: vouchers.code })
    .from(vouchers)
    .where(and(eq(vouchers.company_id, ctx.companyId), sql`lower(${vouchers.code}) = lower(${code})`));
  if (!found) throw invalid('voucher_code', NO_SUCH_VOUCHER);
  const outcome = await quoteVoucher(ctx, Number(found.id), use.cart, {
    customerId: use.customerId,
    paymentNumber: 1,
  });
  if (!outcome.applies) throw invalid('voucher_code', outcome.message);
  return {
    voucher: { id: Number(found.id), code: found.code },
    discount: {
      discount: outcome.discount,
      shipping_discount: outcome.shipping_discount,
      discount_product_ids: outcome.product_ids,
      recurring_voucher: outcome.recurring,
    },
  };
}
